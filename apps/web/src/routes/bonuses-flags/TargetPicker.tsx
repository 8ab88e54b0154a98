import { Card, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useT } from '../../i18n';
import { GradeChips } from './GradeChips';
import { HouseChips } from './HouseChips';
import { PeriodGroupPicker } from './PeriodGroupPicker';
import { StudentSearchPicker } from './StudentSearchPicker';
import type { TargetMode, TargetState } from './target';

interface Props {
  value: TargetState;
  onChange: (s: TargetState) => void;
  onNames: (names: { period?: string; group?: string }) => void;
}

/** Who receives: students, houses, grade levels, or a class (or a group of it). */
export function TargetPicker({ value, onChange, onNames }: Props) {
  const t = useT();
  // Four choices do not fit side by side on a phone: they stack rather than hide the last one.
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  return (
    <Card p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('classroom.whoReceives')}
        </Title>
        <SegmentedControl
          aria-label={t('classroom.giveTo')}
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          value={value.mode}
          onChange={(mode) => onChange({ ...value, mode: mode as TargetMode })}
          data={[
            { value: 'students', label: t('classroom.modeStudents') },
            { value: 'houses', label: t('classroom.modeHouses') },
            { value: 'grades', label: t('classroom.modeGrades') },
            { value: 'period', label: t('classroom.modePeriod') },
          ]}
        />
        {value.mode === 'students' ? (
          <StudentSearchPicker
            value={value.students}
            onChange={(students) => onChange({ ...value, students })}
          />
        ) : null}
        {value.mode === 'houses' ? (
          <HouseChips value={value.houses} onChange={(houses) => onChange({ ...value, houses })} />
        ) : null}
        {value.mode === 'grades' ? (
          <GradeChips value={value.grades} onChange={(grades) => onChange({ ...value, grades })} />
        ) : null}
        {value.mode === 'period' ? (
          <PeriodGroupPicker
            periodId={value.periodId}
            groupId={value.groupId}
            onChange={(v, names) => {
              onChange({ ...value, ...v });
              onNames(names);
            }}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
