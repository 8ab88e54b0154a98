import { useState } from 'react';
import {
  Checkbox,
  CloseButton,
  Group,
  Pill,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fullName, houseLabel, searchByName } from '@app/domain';
import { api, queryKeys, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { toggleId } from '../../components/giving/actionOrder';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';

const SHOWN = 40;

/** Any student of the school, found by name. */
export function StudentSearchPicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const t = useT();
  const labels = useLabels();
  const [query, setQuery] = useState('');
  const students = useQuery({
    queryKey: queryKeys.schoolStudents,
    queryFn: () => unwrap(api.school.students()),
  });
  if (students.isError) return <ErrorNotice message={students.error.message} />;
  const all = students.data ?? [];
  const matches = searchByName(all, query);
  const chosen = value
    .map((id) => all.find((s) => s.externalStudentId === id))
    .filter((s) => s !== undefined);

  return (
    <Stack gap="sm">
      <TextInput
        label={t('classroom.searchStudents')}
        placeholder={
          students.isPending
            ? t('classroom.loadingStudents')
            : t('classroom.searchPlaceholder', { count: all.length })
        }
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        rightSection={
          query ? (
            <CloseButton aria-label={t('classroom.clearSearch')} onClick={() => setQuery('')} />
          ) : null
        }
      />
      {chosen.length ? (
        <Group gap={6} aria-label={t('classroom.chosenStudents')}>
          {chosen.map((s) => (
            <Pill
              key={s._id}
              withRemoveButton
              onRemove={() => onChange(value.filter((id) => id !== s.externalStudentId))}
              removeButtonProps={{ 'aria-label': t('classroom.removeName', { name: fullName(s) }) }}
            >
              {fullName(s)}
            </Pill>
          ))}
        </Group>
      ) : null}
      <ScrollArea.Autosize mah={320} type="auto">
        <Stack gap={4} pr="sm">
          {matches.slice(0, SHOWN).map((s) => (
            <Checkbox
              key={s._id}
              checked={value.includes(s.externalStudentId)}
              onChange={() => onChange(toggleId(value, s.externalStudentId))}
              label={
                <Group gap={6} wrap="nowrap">
                  <Text fz="sm">
                    {t('classroom.lastFirst', { lastName: s.lastName, firstName: s.firstName })}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {[
                      s.gradeLevel ? labels.grade(s.gradeLevel) : '',
                      s.house ? houseLabel(s.house) : '',
                    ]
                      .filter(Boolean)
                      .join(t('giving.separator'))}
                  </Text>
                </Group>
              }
              aria-label={t('classroom.selectStudent', { name: fullName(s) })}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {matches.length > SHOWN ? (
        <Text fz="xs" c="dimmed">
          {t('classroom.showingOf', { shown: SHOWN, total: matches.length })}
        </Text>
      ) : !students.isPending && matches.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('classroom.noStudentsMatch')}
        </Text>
      ) : null}
    </Stack>
  );
}
