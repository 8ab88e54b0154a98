import { Chip, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, school, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';

/** The school's grade levels as chips. */
export function GradeChips({
  value,
  onChange,
}: {
  value: string[];
  onChange: (grades: string[]) => void;
}) {
  const grades = useQuery({
    queryKey: queryKeys.gradeLevels,
    queryFn: () => unwrap(school.gradeLevels()),
  });
  if (grades.isError) return <ErrorNotice message={grades.error.message} />;
  if (grades.isPending) return <Text c="dimmed">Loading grade levels…</Text>;
  if (!grades.data.length) return <Text c="dimmed">No grade levels yet.</Text>;
  return (
    <Chip.Group multiple value={value} onChange={onChange}>
      <Group gap="sm" role="group" aria-label="Grade levels">
        {grades.data.map((g) => (
          <Chip key={g.value} value={g.value} size="md">
            {g.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
