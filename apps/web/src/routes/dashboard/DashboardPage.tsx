import '@mantine/charts/styles.css';
import { useMemo, useState, type ReactNode } from 'react';
import { Card, Grid, NativeSelect, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addDays, todayIn } from '@app/domain';
import { api, queryKeys, unwrap } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useT } from '../../i18n';
import { useUser } from '../../session';
import {
  CategoryTable,
  PendingOrdersTable,
  ProjectionsTable,
  RecentTable,
} from './DashboardTables';
import { readDashboardCache, writeDashboardCache } from './dashboardCache';
import { PointsChart } from './PointsChart';
import { StandingCard } from './StandingCard';

const RANGES = [7, 30, 90];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The student's dashboard: standing, points over time and by category, latest activity, orders, projections. */
export default function DashboardPage() {
  const t = useT();
  const user = useUser();
  const userId = user?._id ?? '';
  const timeZone = user?.school.timeZone ?? 'America/Los_Angeles';
  const [days, setDays] = useState(30);
  // Painted from local storage at once (then asked again), as the spec's dashboard cache does.
  const cached = useMemo(() => readDashboardCache(userId, days), [userId, days]);
  const stats = useQuery({
    queryKey: queryKeys.dashboard.stats(null, days),
    queryFn: async () => {
      const endDate = todayIn(timeZone);
      const data = await unwrap(
        api.utility.dashboardStats({
          query: { startDate: addDays(endDate, -(days - 1)), endDate },
        }),
      );
      writeDashboardCache(userId, days, data);
      return data;
    },
    initialData: cached?.data,
    initialDataUpdatedAt: cached?.savedAt,
    placeholderData: keepPreviousData,
  });
  const projections = useQuery({
    queryKey: queryKeys.dashboard.projections(null),
    queryFn: () => unwrap(api.utility.projections()),
  });

  return (
    <Page maw={1100}>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.description')}
        actions={
          <NativeSelect
            label={t('dashboard.show')}
            data={RANGES.map((n) => ({
              value: String(n),
              label: t('dashboard.lastDays', { count: n }),
            }))}
            value={String(days)}
            onChange={(e) => setDays(Number(e.currentTarget.value))}
            w={180}
          />
        }
      />
      <QueryState query={stats} loading={t('dashboard.loading')}>
        {(s) => (
          <Stack gap="lg">
            <StandingCard stats={s} />
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Section title={t('dashboard.overTime')}>
                  <PointsChart stats={s} />
                </Section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Section title={t('dashboard.byCategory')}>
                  <CategoryTable stats={s} />
                </Section>
              </Grid.Col>
            </Grid>
            <Section title={t('dashboard.projections')}>
              <QueryState
                query={projections}
                loading={t('dashboard.loadingProjections')}
                size="section"
              >
                {(p) => <ProjectionsTable projections={p} />}
              </QueryState>
            </Section>
            <Section title={t('dashboard.pendingOrders')}>
              <PendingOrdersTable stats={s} />
            </Section>
            <Section title={t('dashboard.recentActivity')}>
              <RecentTable stats={s} />
            </Section>
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
