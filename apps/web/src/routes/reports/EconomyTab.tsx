import type { EconomyAnswer } from '@app/domain';
import { LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { ChartFigure } from './ChartFigure';
import { economyColumns, readingOf } from './economy';
import { toRangeQuery } from './ReportFiltersBar';
import { SortableTable } from './SortableTable';
import { file, type TabProps } from './tabParts';
import { useReportWords } from './useReportWords';

/**
 * Reports → Economy (issue 34): Merits issued, spent and outstanding by week, how evenly staff
 * give, and what a typical item costs in weeks of earning, with a plain reading on top. A store
 * manager reads the store's half (`scope: 'store'`): spending, refunds and prices, and only those
 * parts are shown (no givers, no issuing or outstanding chart or column).
 */
export function EconomyTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const q = toRangeQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('economy', q),
    queryFn: () => unwrap(api.reports.economy({ query: q })),
    placeholderData: (p) => p,
  });
  return (
    <QueryState query={query} loading={w.t('reports.loading.economy')} size="section">
      {(data) => (
        <Stack gap="lg">
          <Reading data={data} />
          {/* The store's half has no givers: its prices take the whole row. */}
          <SimpleGrid cols={{ base: 1, sm: data.givers ? 2 : 1 }}>
            {data.givers ? <Givers givers={data.givers} /> : null}
            <Prices data={data} />
          </SimpleGrid>
          <WeeklyCharts data={data} />
          <SortableTable
            caption={w.t('reports.economy.caption', { range: w.range(data) })}
            columns={economyColumns(w, data.scope)}
            rows={data.weeks}
            rowKey={(r) => r.weekStart}
            fileName={file('economy', data)}
            timeZone={meta.timeZone}
            initialSort={{ key: 'week', dir: 'asc' }}
          />
        </Stack>
      )}
    </QueryState>
  );
}

/** The plain reading, or for a store manager what their half is. */
function Reading({ data }: { data: EconomyAnswer }) {
  const w = useReportWords();
  const reading = readingOf(w, data.reading);
  return (
    <Stack gap={4}>
      {reading ? (
        <Text fw={600} fz="lg">
          {reading}
        </Text>
      ) : null}
      {data.scope === 'store' ? (
        <Text size="sm" c="dimmed">
          {w.t('reports.economy.storeHalf')}
        </Text>
      ) : null}
    </Stack>
  );
}

function Givers({ givers }: { givers: NonNullable<EconomyAnswer['givers']> }) {
  const { t } = useReportWords();
  return (
    <Card withBorder p="md">
      <Title order={3} fz="md" mb="xs">
        {t('reports.economy.giversTitle')}
      </Title>
      {givers.median === null ? (
        <Text size="sm" c="dimmed">
          {t('reports.economy.noGivers')}
        </Text>
      ) : (
        <Stack gap={4}>
          {/* Merits are whole: a median between two givers reads as one. */}
          <Text size="sm">
            {t('reports.economy.giversMedian', { amount: Math.round(givers.median) })}
          </Text>
          {givers.p90 !== null ? (
            <Text size="sm">
              {t('reports.economy.giversP90', { amount: Math.round(givers.p90) })}
            </Text>
          ) : null}
          {givers.top10Share !== null ? (
            <Text size="sm">{t('reports.economy.top10Share', { share: givers.top10Share })}</Text>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}

function Prices({ data }: { data: EconomyAnswer }) {
  const { t } = useReportWords();
  return (
    <Card withBorder p="md">
      <Title order={3} fz="md" mb="xs">
        {t('reports.economy.storeTitle')}
      </Title>
      <Stack gap={4}>
        {data.priceIndexWeeks === null ? (
          <Text size="sm" c="dimmed">
            {t('reports.economy.noPrices')}
          </Text>
        ) : (
          <div>
            <Text size="sm" c="dimmed">
              {t('reports.economy.priceIndexLabel')}
            </Text>
            <Text fw={700} fz="xl">
              {t('reports.economy.priceIndexWeeks', { weeks: data.priceIndexWeeks })}
            </Text>
          </div>
        )}
        {data.medianBalance !== null ? (
          <Text size="sm">
            {t('reports.economy.medianBalance', { amount: Math.round(data.medianBalance) })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Issued and spent by week, and what is outstanding at each week's end (the store's half: spent and refunded). */
function WeeklyCharts({ data }: { data: EconomyAnswer }) {
  const w = useReportWords();
  const { t } = w;
  const weeks = data.weeks.map((x) => ({ ...x, week: w.f.monthDay(x.weekStart) }));
  const range = w.range(data);
  const school = data.scope === 'school';
  return (
    <SimpleGrid cols={{ base: 1, md: school ? 2 : 1 }}>
      <ChartFigure
        title={t(school ? 'reports.economy.flowTitle' : 'reports.economy.spentTitle')}
        summary={t(school ? 'reports.economy.flowSummary' : 'reports.economy.spentSummary', {
          range,
        })}
      >
        <LineChart
          h={240}
          data={weeks}
          dataKey="week"
          series={[
            ...(school
              ? [{ name: 'issued', label: t('reports.economy.column.issued'), color: 'teal.7' }]
              : []),
            { name: 'spent', label: t('reports.economy.column.spent'), color: 'indigo.7' },
            { name: 'refunded', label: t('reports.economy.column.refunded'), color: 'orange.7' },
          ]}
          valueFormatter={(v) => w.f.number(v)}
          withLegend
        />
      </ChartFigure>
      {school ? (
        <ChartFigure
          title={t('reports.economy.outstandingTitle')}
          summary={t('reports.economy.outstandingSummary', { range })}
        >
          <LineChart
            h={240}
            data={weeks}
            dataKey="week"
            series={[
              {
                name: 'outstanding',
                label: t('reports.economy.column.outstanding'),
                color: 'grape.7',
              },
            ]}
            valueFormatter={(v) => w.f.number(v)}
            withLegend
          />
        </ChartFigure>
      ) : null}
    </SimpleGrid>
  );
}
