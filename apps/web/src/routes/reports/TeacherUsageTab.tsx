import { useState } from 'react';
import type { TeacherUsageReport } from '@app/domain';
import { BarChart } from '@mantine/charts';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { T } from '../../i18n';
import { ChartFigure } from './ChartFigure';
import { givenColumns, personName } from './columns';
import { toQuery } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';
import { file, type TabProps } from './tabParts';
import { TeacherGivingSection } from './TeacherGivingSection';
import { useReportWords, type ReportWords } from './useReportWords';

type Row = TeacherUsageReport['rows'][number];

/** Teacher usage: who gives how much and how often (and to whom, per staff member); who has not given this week. */
export function TeacherUsageTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('teacherUsage', q),
    queryFn: () => unwrap(api.activity.teacherReport({ query: q })),
    placeholderData: (p) => p,
  });
  const [giverId, setGiverId] = useState<string | null>(null);
  const columns = usageColumns(w, setGiverId);
  return (
    <QueryState query={query} loading={t('reports.loading.teacherUsage')} size="section">
      {(data) => (
        <Stack gap="lg">
          <UsageChart data={data} />
          <SortableTable
            caption={t('reports.usage.caption', { range: w.range(data) })}
            columns={columns}
            rows={data.rows}
            rowKey={(r) => r.giverId}
            fileName={file('teacher-usage', data)}
            timeZone={meta.timeZone}
            initialSort={{ key: 'bonusCount', dir: 'desc' }}
          />
          <Text size="sm" c="dimmed">
            <T k="reports.usage.hint" />
          </Text>
          {giverId && (
            <TeacherGivingSection
              meta={meta}
              filters={filters}
              giverId={giverId}
              onClose={() => setGiverId(null)}
            />
          )}
          <SortableTable
            caption={t('reports.usage.notGivenCaption', { date: w.f.mediumDate(data.weekStart) })}
            columns={[{ key: 'name', label: t('reports.column.staff'), value: personName }]}
            rows={data.notGivenThisWeek}
            rowKey={(r) => r.giverId}
            fileName={`not-given-week-of-${data.weekStart}`}
            timeZone={meta.timeZone}
            empty={t('reports.usage.everyoneGave')}
          />
        </Stack>
      )}
    </QueryState>
  );
}

/** The ten staff members who gave most often, bonuses and flags stacked. */
function UsageChart({ data }: { data: TeacherUsageReport }) {
  const w = useReportWords();
  const { t } = w;
  const top = [...data.rows]
    .sort((a, b) => b.bonusCount + b.flagCount - (a.bonusCount + a.flagCount))
    .slice(0, 10);
  return (
    <ChartFigure
      title={t('reports.usage.chartTitle')}
      summary={t('reports.usage.chartSummary', { range: w.range(data) })}
    >
      <BarChart
        h={240}
        data={top.map((r) => ({
          name: personName(r),
          bonuses: r.bonusCount,
          flags: r.flagCount,
        }))}
        dataKey="name"
        type="stacked"
        series={[
          { name: 'bonuses', label: t('reports.series.bonuses'), color: 'teal.7' },
          { name: 'flags', label: t('reports.series.flags'), color: 'red.7' },
        ]}
        withLegend
      />
    </ChartFigure>
  );
}

/** A staff member's name opens what they gave to whom. */
const usageColumns = (w: ReportWords, showGiver: (giverId: string) => void): Column<Row>[] => [
  {
    key: 'name',
    label: w.t('reports.column.staff'),
    value: personName,
    render: (r) => (
      <Anchor
        component="button"
        type="button"
        ta="start"
        onClick={() => showGiver(r.giverId)}
        aria-label={w.t('reports.usage.toWhomLabel', { name: personName(r) })}
      >
        {personName(r)}
      </Anchor>
    ),
  },
  ...givenColumns<Row>(w, true),
  {
    key: 'daysGiven',
    label: w.t('reports.column.daysGiven'),
    value: (r) => r.daysGiven,
    numeric: true,
  },
  {
    key: 'lastGiven',
    label: w.t('reports.column.lastGiven'),
    value: (r) => r.lastGiven ?? '',
    dated: true,
    render: (r) => (r.lastGiven ? w.f.mediumDate(r.lastGiven) : ''),
  },
];
