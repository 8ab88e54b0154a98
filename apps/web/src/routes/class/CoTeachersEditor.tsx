import { useState } from 'react';
import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isFailure, periods, unwrap, utility, type PeriodDetail } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';

/** The class's own teacher picks co-teachers among the school's other teachers. */
export function CoTeachersEditor({ period, onDone }: { period: PeriodDetail; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>(period.coTeachers);
  const teachers = useQuery({ queryKey: ['co-teacher-choices'], queryFn: () => unwrap(utility.coTeachers()) });
  const save = useMutation({
    mutationFn: async () => {
      const r = await periods.setCoTeachers(period._id, chosen);
      if (isFailure(r)) throw new Error(r.message);
      return r;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['period', period._id] });
      void queryClient.invalidateQueries({ queryKey: ['periods'] });
      notifications.show({ color: 'teal', message: 'Co-teachers saved.' });
      onDone();
    },
  });

  const data = (teachers.data ?? [])
    .filter((t) => t.externalId !== period.externalTeacherId)
    .map((t) => ({ value: t.externalId, label: `${t.lastName}, ${t.firstName}` }));

  return (
    <Stack gap="sm">
      {save.isError ? <ErrorNotice message={save.error.message} /> : null}
      {teachers.isError ? <ErrorNotice message={teachers.error.message} /> : null}
      <MultiSelect
        label="Co-teachers"
        placeholder={teachers.isPending ? 'Loading teachers…' : 'Pick teachers'}
        data={data}
        value={chosen}
        onChange={setChosen}
        searchable
        clearable
        nothingFoundMessage="No teacher by that name"
        disabled={teachers.isPending}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save co-teachers
        </Button>
      </Group>
    </Stack>
  );
}
