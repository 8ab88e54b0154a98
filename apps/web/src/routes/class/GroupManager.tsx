import { memo, useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  afterGroupTypesChange,
  api,
  unwrap,
  type ClassStudentStats,
  type GroupType,
  type GroupTypeUpdateBody,
} from '../../api';
import { useT } from '../../i18n';
import { GroupTypeEditor } from './GroupTypeEditor';
import { GroupUndoList } from './GroupUndoList';

interface Props {
  opened: boolean;
  onClose: () => void;
  periodId: string;
  groupTypes: GroupType[];
  students: ClassStudentStats[];
  /** The class page's date, whose group points the dialog can take back. */
  date: string;
  today: string;
}

/**
 * Create, rename and delete the class's group types and their groups; take back a group's points
 * of the day. Memoized: while closed, a tap on the roster does not redraw it.
 */
export const GroupManager = memo(function GroupManager({
  opened,
  onClose,
  periodId,
  groupTypes,
  students,
  date,
  today,
}: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<GroupType | 'new' | null>(null);
  const refresh = () => afterGroupTypesChange(queryClient, periodId);

  const save = useMutation({
    mutationFn: (input: GroupTypeUpdateBody) =>
      unwrap(
        editing && editing !== 'new'
          ? api.groupTypes.update({ params: { id: editing._id }, body: input })
          : api.groupTypes.create({ body: { ...input, internalPeriodId: periodId } }),
      ),
    onSuccess: (saved) => {
      notifications.show({
        color: 'teal',
        message: t('classroom.groupsSaved', { name: saved.name }),
      });
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (gt: GroupType) => unwrap(api.groupTypes.remove({ params: { id: gt._id } })),
    onSuccess: () => void refresh(),
    onError: (err) => notifications.show({ color: 'red', message: err.message }),
  });

  const close = () => {
    setEditing(null);
    save.reset();
    onClose();
  };
  const open = (gt: GroupType | 'new') => {
    save.reset();
    setEditing(gt);
  };

  return (
    <Modal opened={opened} onClose={close} title={t('classroom.groups')} size="lg">
      {editing ? (
        <GroupTypeEditor
          key={editing === 'new' ? 'new' : editing._id}
          initial={editing === 'new' ? undefined : editing}
          students={students}
          saving={save.isPending}
          error={save.isError ? save.error.message : null}
          onSave={(input) => save.mutate(input)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {t('classroom.groupsIntro')}
          </Text>
          {groupTypes.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {t('classroom.noGroups')}
            </Text>
          ) : (
            groupTypes.map((gt) => (
              <GroupTypeCard
                key={gt._id}
                groupType={gt}
                onEdit={() => open(gt)}
                onDelete={() => remove.mutate(gt)}
                deleting={remove.isPending && remove.variables?._id === gt._id}
                date={date}
                today={today}
              />
            ))
          )}
          <Group justify="flex-end">
            <Button onClick={() => open('new')}>{t('classroom.newGroupType')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
});

/** One group type: its name, edit and delete, and the day's gives to its groups to take back. */
function GroupTypeCard({
  groupType: gt,
  onEdit,
  onDelete,
  deleting,
  date,
  today,
}: {
  groupType: GroupType;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  date: string;
  today: string;
}) {
  const t = useT();
  return (
    <Card p="sm" shadow="none">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{gt.name}</Text>
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={onEdit}
              aria-label={t('classroom.editName', { name: gt.name })}
            >
              {t('common.edit')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={deleting}
              onClick={onDelete}
              aria-label={t('classroom.deleteName', { name: gt.name })}
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Group>
        <GroupUndoList groupType={gt} date={date} today={today} />
      </Stack>
    </Card>
  );
}
