import { useState, type KeyboardEvent } from 'react';
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

/** Columns that hold a control: the select checkbox and the absent switch. */
const COLUMNS = 2;

/**
 * Where an arrow key moves within the roster's controls: up/down a row, left/right between the
 * checkbox and the absent switch, Home/End to the first or last student.
 */
export function nextCell(key: string, [row, col]: readonly [number, number], rows: number): [number, number] | null {
  switch (key) {
    case 'ArrowDown':
      return [Math.min(rows - 1, row + 1), col];
    case 'ArrowUp':
      return [Math.max(0, row - 1), col];
    case 'ArrowRight':
      return [row, Math.min(COLUMNS - 1, col + 1)];
    case 'ArrowLeft':
      return [row, Math.max(0, col - 1)];
    case 'Home':
      return [0, col];
    case 'End':
      return [rows - 1, col];
    default:
      return null;
  }
}

/**
 * The class with a checkbox per student and the day's figures. The roster is one Tab stop (a
 * roving tabindex): arrow keys move between students and their two controls, Space toggles, so a
 * keyboard user reaches the give panel past a class of 35 in one Tab.
 */
export function ClassStudentTable({ students, selected, onToggle, date, dayLabel }: Props) {
  const [active, setActive] = useState<[number, number]>([0, 0]);
  const [row, col] = [Math.min(active[0], Math.max(0, students.length - 1)), active[1]];
  const stop = (r: number, c: number) => (r === row && c === col ? 0 : -1);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const next = nextCell(e.key, [row, col], students.length);
    if (!next) return;
    e.preventDefault();
    setActive(next);
    e.currentTarget.querySelector<HTMLElement>(`[data-cell="${next[0]}:${next[1]}"] input`)?.focus();
  };
  return (
    <Table.ScrollContainer minWidth={440}>
      <Table highlightOnHover verticalSpacing={6} aria-label="Students: arrow keys move, Space selects" onKeyDown={onKeyDown}>
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
          {students.map((s, r) => {
            const isSelected = selected.includes(s.externalStudentId);
            return (
              <Table.Tr key={s._id} bg={isSelected ? 'var(--mantine-color-grape-light)' : undefined}>
                <Table.Td data-cell={`${r}:0`}>
                  <Checkbox
                    checked={isSelected}
                    onChange={() => onToggle(s.externalStudentId)}
                    onFocus={() => setActive([r, 0])}
                    tabIndex={stop(r, 0)}
                    aria-label={`Select ${fullName(s)}`}
                  />
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
                <Table.Td data-cell={`${r}:1`}>
                  <Group justify="center">
                    <AbsentSwitch student={s} date={date} tabIndex={stop(r, 1)} onFocus={() => setActive([r, 1])} />
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
