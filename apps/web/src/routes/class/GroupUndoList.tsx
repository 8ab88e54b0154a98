import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterUndo, api, Attempts, unwrap, type GroupType, type StudentGroup } from '../../api';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';

interface Props {
  groupType: GroupType;
  /** The class page's date: the day whose points the buttons take back. */
  date: string;
  today: string;
}

/** The groups of one group type, each with a button that takes back what was given through it on the day. */
export function GroupUndoList({ groupType, date, today }: Props) {
  const t = useT();
  const labels = useLabels();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const day = labels.monthDay(date);
  // One Idempotency-Key per take-back: a retry after a lost answer takes back only what the first did.
  const [attempts] = useState(() => new Attempts());
  const undo = useMutation({
    mutationFn: (g: StudentGroup) =>
      unwrap(
        api.groupTypes.removeActivity({
          params: { id: groupType._id, groupId: g._id },
          query: { date },
          headers: { 'idempotency-key': attempts.keyFor({ group: g._id, date }) },
        }),
      ),
    onSuccess: ({ removed }, g) => {
      attempts.done();
      notifications.show({
        color: removed ? 'teal' : 'gray',
        title: t(removed ? 'classroom.pointsTakenBack' : 'classroom.nothingToUndo'),
        message: removed
          ? t('classroom.removedActivities', { count: removed, name: g.name })
          : t('classroom.nothingGivenTo', { name: g.name, day }),
      });
      setConfirming(null);
      void afterUndo(queryClient);
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: t('classroom.nothingUndone'),
        message: err.message,
      }),
  });

  if (!groupType.groups.length)
    return (
      <Text fz="xs" c="dimmed">
        {t('classroom.noGroupsShort')}
      </Text>
    );
  return (
    <Stack gap={4}>
      {groupType.groups.map((g) => {
        return (
          <Stack key={g._id} gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Badge variant="light" color="gray" tt="none" maw="100%">
                {t('classroom.groupBadge', { name: g.name, count: g.studentIds.length })}
              </Badge>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => setConfirming(g._id)}
                disabled={confirming === g._id}
                aria-label={t('classroom.undoGroup', { name: g.name, day })}
              >
                {date === today
                  ? t('classroom.undoTodayPoints')
                  : t('classroom.undoDayPoints', { day })}
              </Button>
            </Group>
            {confirming === g._id ? (
              <Group
                justify="flex-end"
                gap="xs"
                wrap="wrap"
                p="xs"
                bg="var(--mantine-color-red-light)"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Text fz="sm" style={{ flex: '1 1 200px' }}>
                  {t('classroom.takeBackConfirm', { name: g.name, day })}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                    {t('classroom.keepThem')}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    loading={undo.isPending}
                    onClick={() => undo.mutate(g)}
                    aria-label={t('classroom.yesUndoGroup', { name: g.name, day })}
                  >
                    {t('classroom.yesUndo')}
                  </Button>
                </Group>
              </Group>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
