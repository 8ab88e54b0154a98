import { Chip, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';

/** The school's grade levels as chips. */
export function GradeChips({
  value,
  onChange,
}: {
  value: string[];
  onChange: (grades: string[]) => void;
}) {
  const t = useT();
  const labels = useLabels();
  const grades = useQuery({
    queryKey: queryKeys.gradeLevels,
    queryFn: () => unwrap(api.school.gradeLevels()),
  });
  if (grades.isError) return <ErrorNotice message={grades.error.message} />;
  if (grades.isPending) return <Text c="dimmed">{t('classroom.loadingGrades')}</Text>;
  if (!grades.data.length) return <Text c="dimmed">{t('classroom.noGrades')}</Text>;
  return (
    <Chip.Group multiple value={value} onChange={onChange}>
      <Group gap="sm" role="group" aria-label={t('classroom.gradeLevels')}>
        {grades.data.map((g) => (
          <Chip key={g.value} value={g.value} size="md">
            {labels.grade(g.value)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
