import { addDays, payPeriods, type BalancesAt, type IsoDate, type PayPeriod } from '@app/domain';

export interface BreakdownRow extends PayPeriod {
  earned: number;
  spent: number;
  /** At the period's end; for the period under way, now. */
  balance: number;
  current: boolean;
}

/** The day before the year, for the balance carried into it, then the end of each pay period that has begun. */
export function breakdownEndDates(yearStart: IsoDate, yearEnd: IsoDate, today: IsoDate): IsoDate[] {
  const begun = payPeriods(yearStart, yearEnd).filter((p) => p.startDate <= today);
  return [addDays(yearStart, -1), ...begun.map((p) => p.endDate)];
}

/** The pay periods that have begun, each with what POST utility/student/balance answered for its end date. */
export function breakdownRows(
  yearStart: IsoDate,
  yearEnd: IsoDate,
  today: IsoDate,
  at: BalancesAt,
): { opening: number; rows: BreakdownRow[] } {
  const rows = payPeriods(yearStart, yearEnd)
    .filter((p) => p.startDate <= today)
    .map((p) => {
      const a = at[p.endDate] ?? { balance: 0, earned: 0, spent: 0 };
      return { ...p, ...a, current: p.endDate >= today };
    });
  return { opening: at[addDays(yearStart, -1)]?.balance ?? 0, rows };
}
