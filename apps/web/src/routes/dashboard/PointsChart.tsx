import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { DashboardStats } from '../../api';
import { useLabels } from '../../components/giving/labels';
import { useFormat, useT } from '../../i18n';

/** Points earned (flags taken off) and spent per day or week, with its totals said in words for those who do not see the bars. */
export function PointsChart({ stats }: { stats: DashboardStats }) {
  const earned = stats.earnedOverTime.reduce((n, b) => n + b.earned, 0);
  const spent = stats.earnedOverTime.reduce((n, b) => n + b.spent, 0);
  const t = useT();
  const f = useFormat();
  const labels = useLabels();
  const summary = t('dashboard.chartSummary', {
    start: f.mediumDate(stats.startDate),
    end: f.mediumDate(stats.endDate),
    bucket: stats.bucket,
    earned,
    spent: f.number(spent),
  });
  const data = stats.earnedOverTime.map((b) => ({
    date:
      stats.bucket === 'week'
        ? t('dashboard.weekOf', { date: labels.monthDay(b.date) })
        : labels.monthDay(b.date),
    earned: b.earned,
    spent: b.spent,
  }));
  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden="true">
        <BarChart
          h={240}
          data={data}
          dataKey="date"
          series={[
            { name: 'earned', label: t('dashboard.earned'), color: 'teal.6' },
            { name: 'spent', label: t('dashboard.spent'), color: 'orange.6' },
          ]}
          withLegend
          // Hidden from assistive technology (the caption says it), so no part of it may take focus.
          barChartProps={{ accessibilityLayer: false }}
          tickLine="y"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        />
      </div>
      <Text component="figcaption" fz="sm" c="dimmed" mt="xs">
        {summary}
      </Text>
    </figure>
  );
}
