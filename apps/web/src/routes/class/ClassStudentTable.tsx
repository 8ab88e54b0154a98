import { memo, useCallback, useState, type KeyboardEvent, type Ref } from 'react';
import { Box, Button, Checkbox, Group, Table, VisuallyHidden } from '@mantine/core';
import { fullName, type MessageKey } from '@app/domain';
import type { ClassStudentStats } from '../../api';
import { pointsColor, signedPoints } from '../../components/points';
import { T, useFormat, useT } from '../../i18n';
import { useLatestCallback } from '../../components/useLatestCallback';
import { AbsentSwitch } from './AbsentSwitch';
import { useHiddenColumns } from './hiddenColumns';
import { HouseDot } from './HouseDot';
import './roster.css';

interface Props {
  students: ClassStudentStats[];
  selected: string[];
  onToggle: (rosterId: string) => void;
  date: string;
  dayLabel: string;
  /** The table, for pages that move focus back to the roster (see focusRoster). */
  tableRef?: Ref<HTMLTableElement>;
  /** Students nobody has recognised lately, by user id: the day of their latest bonus, or null (issue 34). */
  unrecognizedSince?: ReadonlyMap<string, string | null>;
}

/** Focuses the roster's Tab stop (the control the arrow keys last reached); false when there is none. */
export function focusRoster(table: HTMLTableElement | null): boolean {
  const stop = table?.querySelector<HTMLElement>('[data-cell] [tabindex="0"]');
  stop?.focus();
  return Boolean(stop);
}

/**
 * A selected row: a faint tint of the primary colour (faint enough that the day's green and red
 * points and the dimmed dashes keep 4.5:1 on it) and a bar on its leading edge.
 */
const SELECTED_ROW = {
  background: 'color-mix(in srgb, var(--mantine-color-grape-6) 4%, var(--mantine-color-body))',
} as const;
const SELECTED_EDGE = { boxShadow: 'inset 3px 0 0 var(--mantine-color-grape-6)' } as const;

/** A student's name, struck through and dimmed while absent; under it, the unrecognized note. */
const PRESENT_NAME = { fontWeight: 500 } as const;
const ABSENT_NAME = {
  fontWeight: 500,
  textDecoration: 'line-through',
  color: 'var(--mantine-color-dimmed)',
} as const;
const UNRECOGNIZED = {
  fontSize: 'var(--mantine-font-size-xs)',
  color: 'var(--mantine-color-orange-text)',
} as const;

/** The hint's buttons wrap their text on a narrow screen rather than cut it. */
const WRAP = {
  label: { whiteSpace: 'normal', textAlign: 'left' },
  root: { maxWidth: '100%' },
} as const;

/** The edge of the roster where columns are scrolled out of view: a shadow says more is there. */
const edgeShadow = (side: 'left' | 'right') => (
  <Box
    aria-hidden
    pos="absolute"
    top={0}
    bottom={0}
    w={20}
    style={{
      [side]: 0,
      pointerEvents: 'none',
      background: `linear-gradient(to ${side}, rgb(0 0 0 / 0%), rgb(0 0 0 / 14%))`,
    }}
  />
);

/** A theme colour as a text colour, as Mantine's `c` prop resolves it (a colour's readable shade). */
const textColor = (name: string) =>
  name === 'dimmed' ? 'var(--mantine-color-dimmed)' : `var(--mantine-color-${name}-text)`;

const DayPoints = ({ n }: { n: number }) => (
  <p style={{ fontWeight: n ? 600 : 400, color: textColor(n ? pointsColor(n) : 'dimmed') }}>
    {n ? signedPoints(n) : <T k="classroom.noPoints" />}
  </p>
);

/** The roster's named columns (`data-column`, what the "More columns" hint names) and their words. */
const COLUMN_NAMES: Record<string, MessageKey> = {
  Student: 'classroom.student',
  Balance: 'classroom.balance',
  Earned: 'classroom.earned',
  Flagged: 'classroom.flagged',
  Absent: 'classroom.absent',
};

/** Columns that hold a control: the select checkbox and the absent switch. */
const COLUMNS = 2;

/**
 * Where an arrow key moves within the roster's controls: up/down a row, left/right between the
 * checkbox and the absent switch, Home/End to the first or last student.
 */
export function nextCell(
  key: string,
  [row, col]: readonly [number, number],
  rows: number,
): [number, number] | null {
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
export function ClassStudentTable({
  students,
  selected,
  onToggle,
  date,
  dayLabel,
  tableRef,
  unrecognizedSince,
}: Props) {
  const t = useT();
  const columns = useHiddenColumns();
  const { before, after } = columns.hidden;
  const [active, setCell] = useState<[number, number]>([0, 0]);
  // Focus lands on a checkbox with each tap: the same cell again redraws nothing (INP on a phone).
  const setActive = useCallback(
    (cell: [number, number]) =>
      setCell((was) => (was[0] === cell[0] && was[1] === cell[1] ? was : cell)),
    [],
  );
  // One toggle for every row, whatever the selection: a tap re-renders its row alone.
  const toggle = useLatestCallback(onToggle);
  const [row, col] = [Math.min(active[0], Math.max(0, students.length - 1)), active[1]];
  const stop = (r: number, c: number) => (r === row && c === col ? 0 : -1);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const next = nextCell(e.key, [row, col], students.length);
    if (!next) return;
    e.preventDefault();
    setActive(next);
    e.currentTarget
      .querySelector<HTMLElement>(`[data-cell="${next[0]}:${next[1]}"] input`)
      ?.focus();
  };
  return (
    <Box>
      {before.length || after.length ? (
        // On a phone the roster scrolls sideways: say which columns are out of view, and go there.
        <OutOfView before={before} after={after} scrollBy={columns.scrollBy} />
      ) : null}
      <Box pos="relative">
        <Table.ScrollContainer
          minWidth={440}
          scrollAreaProps={{ viewportRef: columns.viewportRef }}
        >
          <Table
            highlightOnHover
            verticalSpacing={6}
            aria-label={t('classroom.rosterLabel')}
            onKeyDown={onKeyDown}
            ref={tableRef}
          >
            <RosterHead dayLabel={dayLabel} />
            <Table.Tbody>
              {students.map((s, r) => (
                <RosterRow
                  key={s._id}
                  student={s}
                  row={r}
                  isSelected={selected.includes(s.externalStudentId)}
                  tabIndexes={[stop(r, 0), stop(r, 1)]}
                  date={date}
                  notRecognized={unrecognizedSince?.has(s._id) ?? false}
                  since={unrecognizedSince?.get(s._id) ?? null}
                  onToggle={toggle}
                  onActive={setActive}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {before.length ? edgeShadow('left') : null}
        {after.length ? edgeShadow('right') : null}
      </Box>
    </Box>
  );
}

interface RowProps {
  student: ClassStudentStats;
  row: number;
  isSelected: boolean;
  /** The roving tabindex of the row's checkbox and absent switch. */
  tabIndexes: [number, number];
  date: string;
  notRecognized: boolean;
  since: string | null;
  onToggle: (rosterId: string) => void;
  onActive: (cell: [number, number]) => void;
}

/**
 * One student's row. Memoized: on a phone a tap that selects a student redraws that row, not the
 * class's 35 (the give's taps stay within INP's 200 ms, bench/vitals.ts).
 */
const RosterRow = memo(
  function RosterRow({
    student: s,
    row: r,
    isSelected,
    tabIndexes,
    date,
    notRecognized,
    since,
    onToggle,
    onActive,
  }: RowProps) {
    const t = useT();
    const f = useFormat();
    // Plain elements styled as the table's own (roster.css); only the two controls are Mantine's.
    return (
      <tr className="roster-row" style={isSelected ? SELECTED_ROW : undefined}>
        <td data-cell={`${r}:0`} style={isSelected ? SELECTED_EDGE : undefined}>
          <Checkbox
            checked={isSelected}
            onChange={() => onToggle(s.externalStudentId)}
            onFocus={() => onActive([r, 0])}
            tabIndex={tabIndexes[0]}
            aria-label={t('classroom.selectStudent', { name: fullName(s) })}
          />
        </td>
        <StudentNameCell student={s} notRecognized={notRecognized} since={since} />
        <td className="roster-figure">
          <p style={{ fontWeight: 600 }}>{f.number(s.balance)}</p>
        </td>
        <td className="roster-figure">
          <DayPoints n={s.bonusesToday} />
        </td>
        <td className="roster-figure">
          <DayPoints n={s.flagsToday} />
        </td>
        <td data-cell={`${r}:1`}>
          <div className="roster-switch">
            <AbsentSwitch
              student={s}
              date={date}
              tabIndex={tabIndexes[1]}
              onFocus={() => onActive([r, 1])}
            />
          </div>
        </td>
      </tr>
    );
  },
  (a, b) =>
    a.student === b.student &&
    a.row === b.row &&
    a.isSelected === b.isSelected &&
    a.tabIndexes[0] === b.tabIndexes[0] &&
    a.tabIndexes[1] === b.tabIndexes[1] &&
    a.date === b.date &&
    a.notRecognized === b.notRecognized &&
    a.since === b.since &&
    a.onToggle === b.onToggle &&
    a.onActive === b.onActive,
);

/** The columns scrolled out of view, named, each side a button that scrolls to them. */
function OutOfView({
  before,
  after,
  scrollBy,
}: {
  before: string[];
  after: string[];
  scrollBy: (direction: -1 | 1) => void;
}) {
  const t = useT();
  const columnNames = (names: string[]) =>
    names.map((n) => (COLUMN_NAMES[n] ? t(COLUMN_NAMES[n]) : n)).join(', ');
  return (
    <Group
      justify={before.length ? 'space-between' : 'flex-end'}
      gap="xs"
      mb={4}
      wrap="nowrap"
      align="flex-start"
    >
      {before.length ? (
        <Button
          variant="subtle"
          size="compact-sm"
          h="auto"
          py={2}
          styles={WRAP}
          onClick={() => scrollBy(-1)}
        >
          <span>
            <span aria-hidden>{t('classroom.scrollLeftMark')}</span>
            {columnNames(before)}
          </span>
        </Button>
      ) : null}
      {after.length ? (
        <Button
          variant="subtle"
          size="compact-sm"
          h="auto"
          py={2}
          styles={WRAP}
          onClick={() => scrollBy(1)}
        >
          <span>
            {t('classroom.moreColumns', { columns: columnNames(after) })}
            <span aria-hidden>{t('classroom.scrollRightMark')}</span>
          </span>
        </Button>
      ) : null}
    </Group>
  );
}

/** The roster's headings; the day's columns say which day to a screen reader. Memoized. */
const RosterHead = memo(function RosterHead({ dayLabel }: { dayLabel: string }) {
  const t = useT();
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={40}>
          <VisuallyHidden>{t('classroom.select')}</VisuallyHidden>
        </Table.Th>
        <Table.Th data-column="Student">{t('classroom.student')}</Table.Th>
        <Table.Th ta="right" data-column="Balance">
          {t('classroom.balance')}
        </Table.Th>
        <Table.Th ta="right" data-column="Earned">
          {t('classroom.earned')}
          <VisuallyHidden>{t('classroom.onDayHidden', { day: dayLabel })}</VisuallyHidden>
        </Table.Th>
        <Table.Th ta="right" data-column="Flagged">
          {t('classroom.flagged')}
          <VisuallyHidden>{t('classroom.onDayHidden', { day: dayLabel })}</VisuallyHidden>
        </Table.Th>
        <Table.Th ta="center" data-column="Absent">
          {t('classroom.absent')}
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
});

/**
 * A student's house and name, struck through while absent; under it, when nobody has given them a
 * bonus in the school's recognition days, since when (issue 34).
 */
function StudentNameCell({
  student: s,
  notRecognized,
  since,
}: {
  student: ClassStudentStats;
  notRecognized?: boolean;
  /** The day of their latest bonus; null: none yet. */
  since: string | null;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <td>
      <div className="roster-name">
        <HouseDot house={s.house} />
        <p className="roster-nowrap" style={s.absent ? ABSENT_NAME : PRESENT_NAME}>
          {t('classroom.lastFirst', {
            lastName: s.lastName,
            firstName: s.firstName,
          })}
        </p>
      </div>
      {notRecognized ? (
        <p className="roster-nowrap" style={UNRECOGNIZED}>
          {since === null
            ? t('classroom.coaching.neverRecognized')
            : t('classroom.coaching.notRecognizedSince', { date: f.monthDay(since) })}
        </p>
      ) : null}
    </td>
  );
}
