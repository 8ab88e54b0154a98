import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fullName } from '@app/domain';
import { afterActivityEdit, api, Attempts, unwrap, type ActivityItem } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CommentField } from '../../components/giving/CommentField';
import { useT } from '../../i18n';

/** Edit the comment or points of a give, or delete it. */
export function ActivityEditModal({ item, onClose }: { item: ActivityItem; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState(item.comment);
  const [points, setPoints] = useState<number | string>(item.points);
  const [confirming, setConfirming] = useState(false);
  // One Idempotency-Key per attempt: saving or deleting again after a lost answer changes points once.
  const [attempts] = useState(() => new Attempts());
  const done = (message: string) => {
    attempts.done();
    notifications.show({ color: 'teal', message });
    void afterActivityEdit(queryClient);
    onClose();
  };
  const save = useMutation({
    mutationFn: () => {
      const change = { comment: comment.trim(), points: Number(points) };
      return unwrap(
        api.activity.update({
          params: { id: item._id },
          body: change,
          headers: { 'idempotency-key': attempts.keyFor({ update: item._id, change }) },
        }),
      );
    },
    onSuccess: () => done(t('classroom.activityUpdated')),
  });
  const remove = useMutation({
    mutationFn: () =>
      unwrap(
        api.activity.remove({
          params: { id: item._id },
          headers: { 'idempotency-key': attempts.keyFor({ remove: item._id }) },
        }),
      ),
    onSuccess: () => done(t('classroom.activityDeleted')),
  });
  const error = save.error ?? remove.error;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('classroom.editTitle', {
        activity: item.activityType,
        name: fullName(item.student),
      })}
    >
      <Stack gap="md">
        <NumberInput
          label={t('classroom.points')}
          description={
            item.category === 'Flags' ? t('classroom.keepNegative') : t('classroom.keepPositive')
          }
          allowDecimal={false}
          value={points}
          onChange={setPoints}
        />
        <CommentField value={comment} onChange={setComment} />
        {error ? <ErrorNotice message={error.message} /> : null}
        {confirming ? (
          <Stack gap="xs">
            <Text fz="sm">{t('classroom.deleteConfirm', { kind: item.category })}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('classroom.keepIt')}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('classroom.yesDelete')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="space-between">
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {t('common.delete')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button loading={save.isPending} onClick={() => save.mutate()}>
                {t('classroom.saveChanges')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
