import { useState } from 'react';
import { Badge, Card, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { allows, longDate } from '@app/domain';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useSchoolCalendar } from '../../components/useSchoolCalendar';
import { useUser } from '../../session';
import { AddHolidayForm } from '../../components/calendar/AddHolidayForm';
import { HolidayList } from '../../components/calendar/HolidayList';
import { monthOf } from './monthGrid';
import { MonthView } from './MonthView';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** The school year, when giving starts, and the holidays (kept by school admins). */
export default function CalendarPage() {
  const user = useUser();
  const q = useSchoolCalendar();
  const [month, setMonth] = useState<string | null>(null);
  const isAdmin = user !== null && allows(user, 'calendar:manage');

  return (
    <Page>
      <PageHeader title="Calendar" description="The school year, its school days and holidays." />
      <QueryState query={q} loading="Loading the calendar">
        {(cal) => (
          <Stack gap="lg">
            <Card p="lg">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
                <Fact label="School year starts" value={longDate(cal.start)} />
                <Fact label="School year ends" value={longDate(cal.end)} />
                <Fact label="Giving starts" value={longDate(cal.givingStartDate)} />
                <Stack gap={2}>
                  <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                    Today
                  </Text>
                  <Group gap="xs">
                    <Text fw={600}>{longDate(cal.today)}</Text>
                    <Badge variant="light" color={cal.schoolDays ? 'teal' : 'gray'} tt="none">
                      {cal.schoolDays ? 'School day' : 'No school'}
                    </Badge>
                  </Group>
                </Stack>
              </SimpleGrid>
            </Card>
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
                <MonthView cal={cal} month={month ?? monthOf(cal.today)} onMonth={setMonth} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
                <Stack gap="lg">
                  {isAdmin ? <AddHolidayForm cal={cal} /> : null}
                  <HolidayList holidays={cal.holidays} canEdit={isAdmin} today={cal.today} />
                </Stack>
              </Grid.Col>
            </Grid>
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
