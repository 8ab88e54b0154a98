import { Text } from '@mantine/core';
import type { ReportsMeta } from '../../api';
import { T } from '../../i18n';
import type { FilterState } from './ReportFiltersBar';
import type { ReportWords } from './useReportWords';

/* What the report tabs share: their props, trend points by day or month, the class note, file names. */

export interface TabProps {
  meta: ReportsMeta;
  filters: FilterState;
}

/**
 * Trend points labelled by day ("Oct 26, 2026" / "26 oct 2026"), or by month's name when the answer
 * went by month ("Oct 2026" / "oct 2026"): a chart's axis never reads "2026-10".
 */
export const trendData = <P extends { date: string }>(
  w: ReportWords,
  d: { trend: P[]; trendBy: 'day' | 'month' },
) =>
  d.trend.map((p) => ({
    ...p,
    date: d.trendBy === 'month' ? w.month(p.date, 'short') : w.f.mediumDate(p.date),
  }));

/** What the class columns mean, said once under each class table. */
export const ClassColumnsNote = () => (
  <Text size="sm" c="dimmed">
    <T k="reports.classNote" />
  </Text>
);

/** A download's file name: what it is and its range. */
export const file = (what: string, r: { startDate: string; endDate: string }) =>
  `${what}-${r.startDate}-${r.endDate}`;
