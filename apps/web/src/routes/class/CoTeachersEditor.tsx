import { useState } from 'react';
import { Button, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { searchByName } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  afterCoTeachersChange,
  api,
  isFailure,
  queryKeys,
  unwrap,
  type PeriodDetail,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useT } from '../../i18n';

/** The class's own teacher picks co-teachers among the school's other teachers. */
export function CoTeachersEditor({ period, onDone }: { period: PeriodDetail; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>(period.coTeachers);
  const [filter, setFilter] = useState('');
  const teachers = useQuery({
    queryKey: queryKeys.coTeacherChoices,
    queryFn: () => unwrap(api.utility.coTeachers()),
  });
  const save = useMutation({
    mutationFn: async () => {
      const r = await api.periods.setCoTeachers({
        params: { id: period._id },
        body: { coTeachers: chosen },
      });
      if (isFailure(r)) throw new Error(r.message);
      return r;
    },
    onSuccess: () => {
      void afterCoTeachersChange(queryClient);
      notifications.show({ color: 'teal', message: t('classroom.coTeachersSaved') });
      onDone();
    },
  });

  const candidates = (teachers.data ?? []).filter(
    (teacher) => teacher.externalId !== period.externalTeacherId,
  );
  const shown = searchByName(candidates, filter);

  return (
    <Stack gap="sm">
      {save.isError ? <ErrorNotice message={save.error.message} /> : null}
      {teachers.isError ? <ErrorNotice message={teachers.error.message} /> : null}
      {candidates.length > 8 ? (
        <TextInput
          label={t('classroom.findTeacher')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
      ) : null}
      {teachers.isPending ? (
        <Text c="dimmed" fz="sm">
          {t('classroom.loadingTeachers')}
        </Text>
      ) : (
        <Checkbox.Group label={t('classroom.coTeachers')} value={chosen} onChange={setChosen}>
          <ScrollArea.Autosize mah={260} mt="xs">
            <Stack gap="xs">
              {shown.map((teacher) => (
                <Checkbox
                  key={teacher._id}
                  value={teacher.externalId}
                  label={t('classroom.lastFirst', {
                    lastName: teacher.lastName,
                    firstName: teacher.firstName,
                  })}
                />
              ))}
              {shown.length === 0 ? (
                <Text c="dimmed" fz="sm">
                  {t('classroom.noOtherTeachers')}
                </Text>
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
      )}
      <Group justify="flex-end" gap="xs" wrap="nowrap">
        <Button variant="default" size="sm" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" onClick={() => save.mutate()} loading={save.isPending}>
          {t('classroom.saveCoTeachers')}
        </Button>
      </Group>
    </Stack>
  );
}
