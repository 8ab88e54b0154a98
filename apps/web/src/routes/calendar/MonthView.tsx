import { useId } from 'react';
import { ActionIcon, Box, Card, Group, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { isSchoolDay, longDate } from '@app/domain';
import type { CalendarView } from '../../api';
import { schoolCalendar } from '../../components/giving/giveDate';
import { monthGrid, monthTitle, shiftMonth } from './monthGrid';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

type DayKind = 'holiday' | 'school' | 'none';

const DAY_STYLE: Record<DayKind, { background: string; color?: string }> = {
  holiday: {
    background: 'var(--mantine-color-orange-light)',
    color: 'var(--mantine-color-orange-light-color)',
  },
  school: { background: 'var(--mantine-color-grape-0)' },
  none: { background: 'transparent', color: 'var(--mantine-color-dimmed)' },
};

function Day({
  date,
  kind,
  holiday,
  today,
}: {
  date: string;
  kind: DayKind;
  holiday?: string;
  today: boolean;
}) {
  // Screen readers hear the date and what kind of day it is, which the colours show.
  const described = `${longDate(date)}, ${holiday ? `holiday: ${holiday}` : kind === 'school' ? 'school day' : 'no school'}${today ? ', today' : ''}`;
  const cell = (
    <Box
      component="td"
      py={8}
      style={{
        ...DAY_STYLE[kind],
        textAlign: 'center',
        borderRadius: 'var(--mantine-radius-sm)',
        outline: today ? '2px solid var(--mantine-color-grape-6)' : undefined,
        outlineOffset: -2,
        fontWeight: today ? 700 : 500,
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    >
      <span aria-hidden>{Number(date.slice(8))}</span>
      <VisuallyHidden>{described}</VisuallyHidden>
    </Box>
  );
  return holiday ? (
    <Tooltip label={holiday} withArrow>
      {cell}
    </Tooltip>
  ) : (
    cell
  );
}

/** One month as a table (a row per week): school days tinted, holidays orange, today outlined. */
export function MonthView({
  cal,
  month,
  onMonth,
}: {
  cal: CalendarView;
  month: string;
  onMonth: (m: string) => void;
}) {
  const holidays = new Map(cal.holidays.map((h) => [h.date, h.name]));
  const titleId = useId();
  const kindOf = (date: string): DayKind =>
    holidays.has(date) ? 'holiday' : isSchoolDay(schoolCalendar(cal), date) ? 'school' : 'none';
  return (
    <Card p="lg">
      <Group justify="space-between" mb="md">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous month"
          onClick={() => onMonth(shiftMonth(month, -1))}
        >
          ‹
        </ActionIcon>
        <Title order={2} fz="lg" id={titleId} aria-live="polite">
          {monthTitle(month)}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next month"
          onClick={() => onMonth(shiftMonth(month, 1))}
        >
          ›
        </ActionIcon>
      </Group>
      <Box
        component="table"
        aria-labelledby={titleId}
        style={{
          tableLayout: 'fixed',
          borderCollapse: 'separate',
          borderSpacing: 4,
          margin: -4,
          width: 'calc(100% + 8px)',
        }}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <Text
                key={short}
                component="th"
                scope="col"
                abbr={long}
                fz="xs"
                fw={700}
                c="dimmed"
                ta="center"
              >
                {short}
              </Text>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, i) =>
                date ? (
                  <Day
                    key={date}
                    date={date}
                    kind={kindOf(date)}
                    holiday={holidays.get(date)}
                    today={date === cal.today}
                  />
                ) : (
                  <td key={`pad-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Box>
      <Group gap="md" mt="md">
        <Legend color={DAY_STYLE.school.background} label="School day" />
        <Legend color={DAY_STYLE.holiday.background} label="Holiday" />
        <Legend color="transparent" label="No school" border />
      </Group>
    </Card>
  );
}

function Legend({ color, label, border }: { color: string; label: string; border?: boolean }) {
  return (
    <Group gap={6}>
      <Box
        w={14}
        h={14}
        style={{
          background: color,
          borderRadius: 3,
          border: border ? '1px solid var(--mantine-color-default-border)' : undefined,
        }}
      />
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
