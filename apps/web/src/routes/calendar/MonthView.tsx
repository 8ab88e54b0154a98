import { useId } from 'react';
import { ActionIcon, Box, Card, Group, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { isSchoolDay } from '@app/domain';
import type { CalendarView } from '../../api';
import { schoolCalendar } from '../../components/giving/giveDate';
import { useFormat, useT } from '../../i18n';
import { monthGrid, shiftMonth } from './monthGrid';

/** Sunday to Saturday (January 1, 2023 was a Sunday), each short and long, by Intl in the screens' language. */
function useWeekdays(): { short: string; long: string }[] {
  const f = useFormat();
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(Date.UTC(2023, 0, 1 + i));
    return { short: f.day(day, { weekday: 'short' }), long: f.day(day, { weekday: 'long' }) };
  });
}

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
  const t = useT();
  const f = useFormat();
  // Screen readers hear the date and what kind of day it is, which the colours show.
  const described = t('calendar.dayDescribed', {
    date: f.longDate(date),
    kind: holiday ? 'holiday' : kind,
    holiday: holiday ?? '',
    today: today ? 'yes' : 'no',
  });
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
  const t = useT();
  const f = useFormat();
  const weekdays = useWeekdays();
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
          aria-label={t('calendar.previousMonth')}
          onClick={() => onMonth(shiftMonth(month, -1))}
        >
          {t('calendar.previousMark')}
        </ActionIcon>
        <Title order={2} fz="lg" id={titleId} aria-live="polite">
          {f.month(month)}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('calendar.nextMonth')}
          onClick={() => onMonth(shiftMonth(month, 1))}
        >
          {t('calendar.nextMark')}
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
            {weekdays.map(({ short, long }) => (
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
        <Legend color={DAY_STYLE.school.background} label={t('calendar.schoolDay')} />
        <Legend color={DAY_STYLE.holiday.background} label={t('calendar.holiday')} />
        <Legend color="transparent" label={t('calendar.noSchool')} border />
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
