import { useState } from 'react';
import {
  BONUS_RISK_LOW,
  breakdownLabelKey,
  EQUITY_BREAKDOWNS,
  FLAG_RISK_HIGH,
  type EquityAnswer,
  type EquityBreakdown,
} from '@app/domain';
import { BarChart } from '@mantine/charts';
import { Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { ChartFigure } from './ChartFigure';
import { concernLines, groupName, riskChartData } from './fairness';
import { toRangeQuery } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';
import { file, type TabProps } from './tabParts';
import { useReportWords, type ReportWords } from './useReportWords';

type Row = EquityAnswer['groups'][number];

/**
 * Reports → Fairness (issue 34): who receives recognition and who receives flags, per group of a
 * breakdown, as risk ratios against all other students; groups too small to show stay blank.
 */
export function FairnessTab({ meta, filters }: TabProps) {
  const { t } = useReportWords();
  const [by, setBy] = useState<EquityBreakdown>('race');
  const q = { ...toRangeQuery(filters), by };
  const query = useQuery({
    queryKey: queryKeys.reports.tab('fairness', q),
    queryFn: () => unwrap(api.reports.equity({ query: q })),
    placeholderData: (p) => p,
  });
  return (
    <Stack gap="lg">
      <Select
        label={t('reports.fairness.by')}
        data={EQUITY_BREAKDOWNS.map((b) => ({ value: b, label: t(breakdownLabelKey(b)) }))}
        value={by}
        onChange={(v) => v && setBy(v as EquityBreakdown)}
        allowDeselect={false}
        w={{ base: '100%', xs: 260 }}
      />
      <QueryState query={query} loading={t('reports.loading.fairness')} size="section">
        {(data) => <FairnessReport data={data} timeZone={meta.timeZone} />}
      </QueryState>
    </Stack>
  );
}

function FairnessReport({ data, timeZone }: { data: EquityAnswer; timeZone: string }) {
  const w = useReportWords();
  const { t } = w;
  const name = (g: string) => groupName(t, data.by, g);
  const list = (names: string[]) =>
    new Intl.ListFormat(w.lang, { type: 'conjunction' }).format(names);
  return (
    <Stack gap="lg">
      <Stack gap={4} aria-live="polite">
        {concernLines(data.groups, name, list).map((l) => (
          <Text key={l.key} fw={500}>
            {t(l.key, l.values)}
          </Text>
        ))}
      </Stack>
      <RiskChart data={data} name={name} />
      <SortableTable
        caption={t('reports.fairness.caption', {
          by: t(breakdownLabelKey(data.by)),
          range: w.range(data),
        })}
        columns={fairnessColumns(w, data, name)}
        rows={data.groups}
        rowKey={(r) => r.group}
        fileName={file(`fairness-${data.by}`, data)}
        timeZone={timeZone}
      />
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('reports.fairness.note')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('reports.fairness.suppressedNote', { min: data.minGroupSize })}
        </Text>
      </Stack>
    </Stack>
  );
}

/** Each group's two risk ratios as bars beside the line at 1, where a group fares as the others do. */
function RiskChart({ data, name }: { data: EquityAnswer; name: (g: string) => string }) {
  const w = useReportWords();
  const { t } = w;
  const phone = useMediaQuery('(max-width: 36em)');
  const bars = riskChartData(data.groups, name);
  if (!bars.length) return null;
  return (
    <ChartFigure
      title={t('reports.fairness.chart')}
      summary={t('reports.fairness.chartSummary', { range: w.range(data) })}
    >
      <BarChart
        h={Math.max(160, 56 * bars.length + 70)}
        data={bars}
        dataKey="group"
        orientation="vertical"
        yAxisProps={{ width: phone ? 96 : 200 }}
        gridAxis="y"
        valueFormatter={(v) => w.f.number(v)}
        referenceLines={[{ x: 1, color: 'gray.7', label: '1', labelPosition: 'top' }]}
        series={[
          { name: 'bonus', label: t('reports.fairness.column.bonusRiskRatio'), color: 'teal.7' },
          { name: 'flag', label: t('reports.fairness.column.flagRiskRatio'), color: 'red.7' },
        ]}
        withLegend
      />
    </ChartFigure>
  );
}

/** A risk ratio, in bold past the line's thresholds (the words above name those groups). */
const ratioCell = (w: ReportWords, v: number | null, concern: (v: number) => boolean) =>
  v === null ? (
    ''
  ) : (
    <Text span fz="sm" fw={concern(v) ? 700 : undefined}>
      {w.f.number(v)}
    </Text>
  );

function fairnessColumns(
  w: ReportWords,
  data: EquityAnswer,
  name: (g: string) => string,
): Column<Row>[] {
  const { t } = w;
  const hidden = t('reports.fairness.suppressed', { min: data.minGroupSize });
  const number = (pick: (r: Row) => number | null) => (r: Row) => {
    const v = pick(r);
    return v === null ? '' : w.f.number(v);
  };
  return [
    { key: 'group', label: t('reports.fairness.column.group'), value: (r) => name(r.group) },
    {
      key: 'students',
      label: t('reports.fairness.column.students'),
      value: (r) => (r.suppressed ? hidden : r.students),
      numeric: true,
    },
    {
      key: 'recognizedShare',
      label: t('reports.fairness.column.recognizedShare'),
      value: (r) => r.recognizedShare,
      render: (r) =>
        r.recognizedShare === null
          ? ''
          : t('reports.surveys.percent', { share: r.recognizedShare }),
      numeric: true,
    },
    {
      key: 'bonusesPerStudent',
      label: t('reports.fairness.column.bonusesPerStudent'),
      value: (r) => r.bonusesPerStudent,
      render: number((r) => r.bonusesPerStudent),
      numeric: true,
    },
    {
      key: 'flagsPerStudent',
      label: t('reports.fairness.column.flagsPerStudent'),
      value: (r) => r.flagsPerStudent,
      render: number((r) => r.flagsPerStudent),
      numeric: true,
    },
    {
      key: 'bonusRiskRatio',
      label: t('reports.fairness.column.bonusRiskRatio'),
      value: (r) => r.bonusRiskRatio,
      render: (r) => ratioCell(w, r.bonusRiskRatio, (v) => v < BONUS_RISK_LOW),
      numeric: true,
    },
    {
      key: 'flagRiskRatio',
      label: t('reports.fairness.column.flagRiskRatio'),
      value: (r) => r.flagRiskRatio,
      render: (r) => ratioCell(w, r.flagRiskRatio, (v) => v > FLAG_RISK_HIGH),
      numeric: true,
    },
  ];
}
