import type { EconomyAnswer, MessageKey } from '@app/domain';
import type { Column } from './SortableTable';
import type { ReportWords } from './useReportWords';

/* The economy report's reading and table (issue 34), apart from the screen so they are tested. */

type Week = EconomyAnswer['weeks'][number];

/** The readings the catalogue writes (packages/domain/src/pbis/economy.ts names them). */
const READINGS: readonly string[] = [
  'reports.economy.reading.cheaper',
  'reports.economy.reading.dearer',
  'reports.economy.reading.together',
  'reports.economy.reading.index',
];

/**
 * The plain reading in the screens' language, its month named ("November 2026"); null without one,
 * or for a key this screen does not know (a newer server).
 */
export function readingOf(
  w: Pick<ReportWords, 't' | 'month'>,
  reading: EconomyAnswer['reading'],
): string | null {
  if (!reading || !READINGS.includes(reading.key)) return null;
  const { month, ...values } = reading.values;
  return w.t(reading.key as MessageKey, {
    ...values,
    ...(typeof month === 'string' ? { month: w.month(month) } : {}),
  });
}

/** A figure of issuing the store's half leaves out (null): an empty cell. */
const figure = (w: Pick<ReportWords, 'f'>, v: number | null) => (v === null ? '' : w.f.number(v));

/** The weekly table: the whole school's columns, or the store's half (spent and refunded). */
export function economyColumns(
  w: Pick<ReportWords, 't' | 'f'>,
  scope: EconomyAnswer['scope'],
): Column<Week>[] {
  const { t } = w;
  const num = (key: string, label: MessageKey, pick: (r: Week) => number | null): Column<Week> => ({
    key,
    label: t(label),
    value: pick,
    render: (r) => figure(w, pick(r)),
    numeric: true,
  });
  const week: Column<Week> = {
    key: 'week',
    label: t('reports.economy.column.week'),
    value: (r) => r.weekStart,
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{w.f.mediumDate(r.weekStart)}</span>,
    dated: true,
  };
  const store = [
    num('spent', 'reports.economy.column.spent', (r) => r.spent),
    num('refunded', 'reports.economy.column.refunded', (r) => r.refunded),
  ];
  if (scope === 'store') return [week, ...store];
  return [
    week,
    num('issued', 'reports.economy.column.issued', (r) => r.issued),
    num('bonuses', 'reports.economy.column.bonuses', (r) => r.issuedByKind?.bonuses ?? null),
    num('daily', 'reports.economy.column.daily', (r) => r.issuedByKind?.daily ?? null),
    num('custom', 'reports.economy.column.custom', (r) => r.issuedByKind?.custom ?? null),
    num('payDay', 'reports.economy.column.payDay', (r) => r.issuedByKind?.payDay ?? null),
    ...store,
    num('yearEnd', 'reports.economy.column.yearEnd', (r) => r.yearEnd),
    num('outstanding', 'reports.economy.column.outstanding', (r) => r.outstanding),
  ];
}
