import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { DashboardStats } from '../../api';
import { monthDay, shortDate } from '../../components/ActivityTable';

/** Points earned (flags taken off) and spent per day or week, with its totals said in words for those who do not see the bars. */
export function PointsChart({ stats }: { stats: DashboardStats }) {
  const earned = stats.earnedOverTime.reduce((n, b) => n + b.earned, 0);
  const spent = stats.earnedOverTime.reduce((n, b) => n + b.spent, 0);
  const summary = `From ${shortDate(stats.startDate)} to ${shortDate(stats.endDate)}, by ${stats.bucket}: ${earned} points earned and ${spent} spent.`;
  const data = stats.earnedOverTime.map((b) => ({
    date: stats.bucket === 'week' ? `Week of ${monthDay(b.date)}` : monthDay(b.date),
    Earned: b.earned,
    Spent: b.spent,
  }));
  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden="true">
        <BarChart
          h={240}
          data={data}
          dataKey="date"
          series={[
            { name: 'Earned', color: 'teal.6' },
            { name: 'Spent', color: 'orange.6' },
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
