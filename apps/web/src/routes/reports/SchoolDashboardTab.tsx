import { scopeFor, type SchoolDashboardReport } from '@app/domain';
import { LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { T } from '../../i18n';
import { useUser } from '../../session';
import { ChartFigure } from './ChartFigure';
import { GiverRatiosSection } from './GiverRatiosSection';
import { toQuery } from './ReportFiltersBar';
import { SortableTable } from './SortableTable';
import { file, trendData, type TabProps } from './tabParts';
import { useReportWords } from './useReportWords';

/** A part of the dashboard: the school's answer and its time zone (for the downloads). */
interface PartProps {
  data: SchoolDashboardReport;
  timeZone: string;
}

/** School dashboard: totals, trend, house standings, store sales. */
export function SchoolDashboardTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('schoolDashboard', q),
    queryFn: () => unwrap(api.reports.schoolDashboard({ query: q })),
    placeholderData: (p) => p,
  });
  const user = useUser();
  // Each giver's ratio is what teacher usage shows of them: for those who read it school-wide.
  const givers = user !== null && scopeFor(user, 'reports:teacherUsage') === 'school';
  return (
    <QueryState query={query} loading={t('reports.loading.schoolDashboard')} size="section">
      {(data) => (
        <Stack gap="lg">
          <Totals data={data} />
          <ChartFigure
            title={t('reports.dashboard.trendTitle', { by: data.trendBy })}
            summary={t('reports.dashboard.trendSummary', {
              by: data.trendBy,
              range: w.range(data),
            })}
          >
            <LineChart
              h={240}
              data={trendData(w, data)}
              dataKey="date"
              series={[
                { name: 'earned', label: t('reports.series.earned'), color: 'teal.7' },
                { name: 'spent', label: t('reports.series.spent'), color: 'indigo.7' },
              ]}
              withLegend
            />
          </ChartFigure>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <HouseStandings data={data} timeZone={meta.timeZone} />
            <StoreSales data={data} timeZone={meta.timeZone} />
          </SimpleGrid>
          {givers ? <GiverRatiosSection filters={filters} timeZone={meta.timeZone} /> : null}
        </Stack>
      )}
    </QueryState>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  const { f } = useReportWords();
  return (
    <Card withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {f.number(value)}
      </Text>
    </Card>
  );
}

function Totals({ data }: { data: SchoolDashboardReport }) {
  const w = useReportWords();
  const { t } = w;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      <Stat label={t('reports.dashboard.students')} value={data.totals.students} />
      <Stat label={t('reports.dashboard.activeStudents')} value={data.totals.activeStudents} />
      <Stat label={w.column('earned')} value={data.totals.earned} />
      <Stat label={t('reports.dashboard.flagsGiven')} value={data.totals.flagCount} />
      <Stat label={w.column('spent')} value={data.totals.spent} />
      <Stat label={t('reports.dashboard.orders')} value={data.totals.orders} />
    </SimpleGrid>
  );
}

function HouseStandings({ data, timeZone }: PartProps) {
  const w = useReportWords();
  const { t } = w;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        <T k="reports.dashboard.houseStandings" />
      </Title>
      <SortableTable
        caption={t('reports.dashboard.houseStandingsCaption', { range: w.range(data) })}
        columns={[
          {
            key: 'house',
            label: t('reports.column.house'),
            value: (r) => w.houseOrNone(r.house),
          },
          {
            key: 'students',
            label: w.column('students'),
            value: (r) => r.students,
            numeric: true,
          },
          {
            key: 'earned',
            label: w.column('earned'),
            value: (r) => r.earned,
            numeric: true,
          },
        ]}
        rows={data.houses}
        rowKey={(r) => r.house}
        fileName={file('house-standings', data)}
        timeZone={timeZone}
        initialSort={{ key: 'earned', dir: 'desc' }}
      />
    </Stack>
  );
}

function StoreSales({ data, timeZone }: PartProps) {
  const w = useReportWords();
  const { t } = w;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        <T k="reports.dashboard.storeSales" />
      </Title>
      <SortableTable
        caption={t('reports.dashboard.storeSalesCaption', {
          by: data.trendBy,
          range: w.range(data),
        })}
        columns={[
          {
            key: 'date',
            label: t(data.trendBy === 'month' ? 'reports.column.month' : 'reports.column.date'),
            value: (r) => (data.trendBy === 'month' ? w.month(r.date) : r.date),
            render: (r) => (data.trendBy === 'month' ? w.month(r.date) : w.f.mediumDate(r.date)),
            // Months sort by date, not by name.
            sortValue: (r) => r.date,
            dated: data.trendBy !== 'month',
          },
          {
            key: 'orders',
            label: w.column('orders'),
            value: (r) => r.orders,
            numeric: true,
          },
          { key: 'spent', label: w.column('spent'), value: (r) => r.spent, numeric: true },
        ]}
        rows={data.storeSales}
        rowKey={(r) => r.date}
        fileName={file('store-sales', data)}
        timeZone={timeZone}
        empty={t('reports.dashboard.noSales')}
      />
    </Stack>
  );
}
