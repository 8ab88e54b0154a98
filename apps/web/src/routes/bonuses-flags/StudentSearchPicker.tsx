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
import { fullName, gradeLabel, houseLabel, searchByName } from '@app/domain';
import { queryKeys, school, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { toggleId } from '../../components/giving/actionOrder';

const SHOWN = 40;

/** Any student of the school, found by name. */
export function StudentSearchPicker({
  value,
  onChange,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const [query, setQuery] = useState('');
  const students = useQuery({
    queryKey: queryKeys.schoolStudents,
    queryFn: () => unwrap(school.students()),
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
        label="Search students"
        placeholder={
          students.isPending ? 'Loading students…' : `First or last name (${all.length} students)`
        }
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        rightSection={
          query ? <CloseButton aria-label="Clear search" onClick={() => setQuery('')} /> : null
        }
      />
      {chosen.length ? (
        <Group gap={6} aria-label="Chosen students">
          {chosen.map((s) => (
            <Pill
              key={s._id}
              withRemoveButton
              onRemove={() => onChange(value.filter((id) => id !== s.externalStudentId))}
              removeButtonProps={{ 'aria-label': `Remove ${fullName(s)}` }}
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
                    {s.lastName}, {s.firstName}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {s.gradeLevel ? gradeLabel(s.gradeLevel) : ''}
                    {s.house ? ` · ${houseLabel(s.house)}` : ''}
                  </Text>
                </Group>
              }
              aria-label={`Select ${fullName(s)}`}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {matches.length > SHOWN ? (
        <Text fz="xs" c="dimmed">
          Showing {SHOWN} of {matches.length}. Type more of a name to narrow the list.
        </Text>
      ) : !students.isPending && matches.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No students match.
        </Text>
      ) : null}
    </Stack>
  );
}
