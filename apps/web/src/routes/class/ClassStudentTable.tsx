import { Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { fullName } from '@app/domain';
import type { ClassStudentStats } from '../../api';
import { formatPoints, pointsColor, signedPoints } from '../../components/points';
import { AbsentSwitch } from './AbsentSwitch';
import { HouseDot } from './HouseDot';

interface Props {
  students: ClassStudentStats[];
  selected: string[];
  onToggle: (externalStudentId: string) => void;
  date: string;
  dayLabel: string;
}

const DayPoints = ({ n }: { n: number }) => (
  <Text fz="sm" fw={n ? 600 : 400} c={n ? pointsColor(n) : 'dimmed'}>
    {n ? signedPoints(n) : '—'}
  </Text>
);

/** The class with a checkbox per student and the day's figures. */
export function ClassStudentTable({ students, selected, onToggle, date, dayLabel }: Props) {
  return (
    <Table.ScrollContainer minWidth={440}>
      <Table highlightOnHover verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th>Student</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
            <Table.Th ta="right">
              Earned<VisuallyHidden> {dayLabel}</VisuallyHidden>
            </Table.Th>
            <Table.Th ta="right">
              Flagged<VisuallyHidden> {dayLabel}</VisuallyHidden>
            </Table.Th>
            <Table.Th ta="center">Absent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((s) => {
            const isSelected = selected.includes(s.externalStudentId);
            return (
              <Table.Tr key={s._id} bg={isSelected ? 'var(--mantine-color-grape-light)' : undefined}>
                <Table.Td>
                  <Checkbox checked={isSelected} onChange={() => onToggle(s.externalStudentId)} aria-label={`Select ${fullName(s)}`} />
                </Table.Td>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <HouseDot house={s.house} />
                    <Text fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }} td={s.absent ? 'line-through' : undefined} c={s.absent ? 'dimmed' : undefined}>
                      {s.lastName}, {s.firstName}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Text fz="sm" fw={600}>
                    {formatPoints(s.balance)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <DayPoints n={s.bonusesToday} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <DayPoints n={s.flagsToday} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group justify="center">
                    <AbsentSwitch student={s} date={date} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
