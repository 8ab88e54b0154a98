import { useMemo, useState, type Ref } from 'react';
import { Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { searchByName } from '@app/domain';
import type { ClassStudentStats, GroupType } from '../../api';
import { HouseLegend } from '../../components/HouseLegend';
import { housesOf } from '../../components/houses';
import { ClassStudentTable } from './ClassStudentTable';
import { CoachingLine } from './CoachingLine';
import { GroupSelect } from './GroupSelect';
import { groupSelection, selectAllState, setShown } from './selection';
import { toggleId } from '../../components/giving/actionOrder';
import { useLatestCallback } from '../../components/useLatestCallback';
import { useT } from '../../i18n';
import { useClassCoaching } from './useClassCoaching';

interface Props {
  students: ClassStudentStats[];
  groupTypes: GroupType[];
  selected: string[];
  onSelect: (rosterIds: string[]) => void;
  /** The group last chosen in "Select a group" (null when cleared). */
  onChooseGroup: (groupId: string | null) => void;
  date: string;
  dayLabel: string;
  onManageGroups: () => void;
  /** The roster table, for moving focus back to it. */
  tableRef?: Ref<HTMLTableElement>;
}

/** Who gets the points: fuzzy search, Select all, a group, or one by one. */
export function StudentPicker({
  students,
  groupTypes,
  selected,
  onSelect,
  onChooseGroup,
  date,
  dayLabel,
  onManageGroups,
  tableRef,
}: Props) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const shown = searchByName(students, query);
  const shownIds = shown.map((s) => s.externalStudentId);
  const all = selectAllState(shownIds, selected);
  const coaching = useClassCoaching(students);

  const houses = useMemo(() => housesOf(students), [students]);
  // Kept identities: the memoized coaching line and group select are not redrawn by a tap.
  const select = useLatestCallback((ids: string[]) => {
    setGroupId(null);
    onSelect(ids);
  });
  const chooseGroup = useLatestCallback((id: string | null) => {
    const group = groupTypes.flatMap((t) => t.groups).find((g) => g._id === id);
    onSelect(group ? groupSelection(group, students) : []);
    setGroupId(id);
    onChooseGroup(group ? group._id : null);
  });

  return (
    <Card p="lg">
      <Stack gap="md">
        <PickerHeading selected={selected.length} total={students.length} />
        <CoachingLine coaching={coaching} onSelect={select} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('classroom.searchStudents')}
            placeholder={t('classroom.firstOrLast')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <GroupSelect groupTypes={groupTypes} value={groupId} onChoose={chooseGroup} />
        </Group>
        <Group justify="space-between">
          <Checkbox
            label={
              query
                ? t('classroom.selectAllShown', { count: shown.length })
                : t('classroom.selectAll', { count: students.length })
            }
            checked={all.checked}
            indeterminate={all.indeterminate}
            onChange={(e) => select(setShown(selected, shownIds, e.currentTarget.checked))}
            disabled={!shown.length}
          />
          <Group gap="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => select([])}
              disabled={!selected.length}
            >
              {t('classroom.clearSelection')}
            </Button>
            <Button variant="default" size="xs" onClick={onManageGroups}>
              {t('classroom.manageGroups')}
            </Button>
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          {t('classroom.rosterNote', { day: dayLabel })}
        </Text>
        <HouseLegend houses={houses} />
        {shown.length ? (
          <ClassStudentTable
            students={shown}
            selected={selected}
            onToggle={(id) => select(toggleId(selected, id))}
            date={date}
            dayLabel={dayLabel}
            tableRef={tableRef}
            unrecognizedSince={coaching.since}
          />
        ) : (
          <Text c="dimmed" ta="center" py="lg">
            {t(students.length ? 'classroom.noStudentsMatch' : 'classroom.noStudents')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The card's title, and how many of the class are chosen (read out as it changes). */
function PickerHeading({ selected, total }: { selected: number; total: number }) {
  const t = useT();
  return (
    <Group justify="space-between" align="center">
      <Title order={2} fz="lg">
        {t('classroom.students')}
      </Title>
      <Text fz="sm" c={selected ? 'grape' : 'dimmed'} fw={selected ? 600 : 400} aria-live="polite">
        {t('classroom.selectedOf', { selected, total })}
      </Text>
    </Group>
  );
}
