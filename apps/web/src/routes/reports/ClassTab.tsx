import { useMemo } from 'react';
import { LineChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { T } from '../../i18n';
import { ChartFigure } from './ChartFigure';
import { classColumns } from './columns';
import { toQuery } from './ReportFiltersBar';
import { SortableTable } from './SortableTable';
import { ClassColumnsNote, file, trendData, type TabProps } from './tabParts';
import { useReportWords } from './useReportWords';

/** Class report: one period over the range, with its trend by day (by month over long ranges). */
export function ClassTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const columns = useMemo(() => classColumns(w), [w]);
  const q = toQuery(filters);
  const periodId = filters.periodId;
  const query = useQuery({
    queryKey: queryKeys.reports.tab('class', q, periodId),
    queryFn: () => unwrap(api.activity.classReport({ body: { ...q, internalPeriodId: periodId } })),
    enabled: Boolean(periodId),
    placeholderData: (p) => p,
  });
  if (!periodId)
    return (
      <Text c="dimmed">
        <T k="reports.class.choose" />
      </Text>
    );
  return (
    <QueryState query={query} loading={t('reports.loading.class')} size="section">
      {(data) => (
        <Stack gap="lg">
          <ChartFigure
            title={t('reports.class.chartTitle', { period: data.periodLabel, by: data.trendBy })}
            summary={t('reports.class.chartSummary', {
              period: data.periodLabel,
              by: data.trendBy,
              range: w.range(data),
            })}
          >
            <LineChart
              h={220}
              data={trendData(w, data)}
              dataKey="date"
              series={[
                { name: 'bonuses', label: t('reports.series.bonuses'), color: 'teal.7' },
                { name: 'flags', label: t('reports.series.flags'), color: 'red.7' },
              ]}
              withLegend
            />
          </ChartFigure>
          <SortableTable
            caption={t('reports.class.caption', { period: data.periodLabel, range: w.range(data) })}
            columns={columns}
            rows={data.rows}
            rowKey={(r) => r.studentId}
            fileName={file('class-report', data)}
            timeZone={meta.timeZone}
            initialSort={{ key: 'earned', dir: 'desc' }}
          />
          <ClassColumnsNote />
        </Stack>
      )}
    </QueryState>
  );
}
