import { ActionIcon, Box, Card, Group, SimpleGrid, Text, Title, Tooltip } from '@mantine/core';
import { isSchoolDay, longDate } from '@app/domain';
import type { CalendarView } from '../../api';
import { schoolCalendar } from '../../giving/giveDate';
import { monthGrid, monthTitle, shiftMonth } from './monthGrid';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function dayStyle(cal: CalendarView, date: string, holiday: boolean) {
  if (holiday) return { bg: 'var(--mantine-color-orange-light)', c: 'var(--mantine-color-orange-light-color)' };
  if (isSchoolDay(schoolCalendar(cal), date)) return { bg: 'var(--mantine-color-grape-0)', c: undefined };
  return { bg: 'transparent', c: 'var(--mantine-color-dimmed)' };
}

/** One month: school days tinted, holidays orange, today outlined. */
export function MonthView({ cal, month, onMonth }: { cal: CalendarView; month: string; onMonth: (m: string) => void }) {
  const holidays = new Map(cal.holidays.map((h) => [h.date, h.name]));
  return (
    <Card p="lg">
      <Group justify="space-between" mb="md">
        <ActionIcon variant="default" size="lg" aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))}>
          ‹
        </ActionIcon>
        <Title order={2} fz="lg" aria-live="polite">
          {monthTitle(month)}
        </Title>
        <ActionIcon variant="default" size="lg" aria-label="Next month" onClick={() => onMonth(shiftMonth(month, 1))}>
          ›
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={4} verticalSpacing={4} role="grid" aria-label={monthTitle(month)}>
        {WEEKDAYS.map((d) => (
          <Text key={d} fz="xs" fw={700} c="dimmed" ta="center" role="columnheader">
            {d}
          </Text>
        ))}
        {monthGrid(month)
          .flat()
          .map((date, i) => {
            if (!date) return <Box key={`pad-${i}`} role="gridcell" />;
            const name = holidays.get(date);
            const s = dayStyle(cal, date, Boolean(name));
            const cell = (
              <Box
                role="gridcell"
                aria-label={`${longDate(date)}${name ? `, ${name}` : ''}${date === cal.today ? ', today' : ''}`}
                py={8}
                style={{
                  background: s.bg,
                  color: s.c,
                  textAlign: 'center',
                  borderRadius: 'var(--mantine-radius-sm)',
                  outline: date === cal.today ? '2px solid var(--mantine-color-grape-6)' : undefined,
                  fontWeight: date === cal.today ? 700 : 500,
                  fontSize: 'var(--mantine-font-size-sm)',
                }}
              >
                {Number(date.slice(8))}
              </Box>
            );
            return name ? (
              <Tooltip key={date} label={name} withArrow>
                {cell}
              </Tooltip>
            ) : (
              <Box key={date}>{cell}</Box>
            );
          })}
      </SimpleGrid>
      <Group gap="md" mt="md">
        <Legend color="var(--mantine-color-grape-0)" label="School day" />
        <Legend color="var(--mantine-color-orange-light)" label="Holiday" />
        <Legend color="transparent" label="No school" border />
      </Group>
    </Card>
  );
}

function Legend({ color, label, border }: { color: string; label: string; border?: boolean }) {
  return (
    <Group gap={6}>
      <Box w={14} h={14} style={{ background: color, borderRadius: 3, border: border ? '1px solid var(--mantine-color-default-border)' : undefined }} />
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
