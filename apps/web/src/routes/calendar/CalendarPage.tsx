import { useState } from 'react';
import { Badge, Card, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { allows } from '@app/domain';
import { useFormat, useT } from '../../i18n';
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
  const t = useT();
  const f = useFormat();
  const user = useUser();
  const q = useSchoolCalendar();
  const [month, setMonth] = useState<string | null>(null);
  const isAdmin = user !== null && allows(user, 'calendar:manage');

  return (
    <Page>
      <PageHeader title={t('calendar.title')} description={t('calendar.description')} />
      <QueryState query={q} loading={t('calendar.loading')}>
        {(cal) => (
          <Stack gap="lg">
            <Card p="lg">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
                <Fact label={t('calendar.yearStarts')} value={f.longDate(cal.start)} />
                <Fact label={t('calendar.yearEnds')} value={f.longDate(cal.end)} />
                <Fact label={t('calendar.givingStarts')} value={f.longDate(cal.givingStartDate)} />
                <Stack gap={2}>
                  <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t('calendar.today')}
                  </Text>
                  <Group gap="xs">
                    <Text fw={600}>{f.longDate(cal.today)}</Text>
                    <Badge variant="light" color={cal.schoolDays ? 'teal' : 'gray'} tt="none">
                      {t(cal.schoolDays ? 'calendar.schoolDay' : 'calendar.noSchool')}
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
