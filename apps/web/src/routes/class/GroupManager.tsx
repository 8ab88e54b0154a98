import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  afterGroupTypesChange,
  groupTypes as groupTypesApi,
  unwrap,
  type ClassStudentStats,
  type GroupType,
  type GroupTypeUpdateBody,
} from '../../api';
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

/** Create, rename and delete the class's group types and their groups; take back a group's points of the day. */
export function GroupManager({
  opened,
  onClose,
  periodId,
  groupTypes,
  students,
  date,
  today,
}: Props) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<GroupType | 'new' | null>(null);
  const refresh = () => afterGroupTypesChange(queryClient, periodId);

  const save = useMutation({
    mutationFn: (input: GroupTypeUpdateBody) =>
      unwrap(
        editing && editing !== 'new'
          ? groupTypesApi.update(editing._id, input)
          : groupTypesApi.create(periodId, input),
      ),
    onSuccess: (saved) => {
      notifications.show({ color: 'teal', message: `Groups “${saved.name}” saved.` });
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (t: GroupType) => unwrap(groupTypesApi.remove(t._id)),
    onSuccess: () => void refresh(),
    onError: (err) => notifications.show({ color: 'red', message: err.message }),
  });

  const close = () => {
    setEditing(null);
    save.reset();
    onClose();
  };
  const open = (t: GroupType | 'new') => {
    save.reset();
    setEditing(t);
  };

  return (
    <Modal opened={opened} onClose={close} title="Groups" size="lg">
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
            Group types split the class, for example into tables or teams, so you can give to a
            whole group at once.
          </Text>
          {groupTypes.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              No groups yet.
            </Text>
          ) : (
            groupTypes.map((t) => (
              <Card key={t._id} p="sm" shadow="none">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{t.name}</Text>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => open(t)}
                        aria-label={`Edit ${t.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={remove.isPending && remove.variables?._id === t._id}
                        onClick={() => remove.mutate(t)}
                        aria-label={`Delete ${t.name}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Group>
                  <GroupUndoList groupType={t} date={date} today={today} />
                </Stack>
              </Card>
            ))
          )}
          <Group justify="flex-end">
            <Button onClick={() => open('new')}>New group type</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
