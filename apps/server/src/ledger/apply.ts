import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import type { Slot } from '../db/named.js';
import { NO_PERIOD } from '../db/schema.js';
import { pgArray, pgArrayText } from '../lib/pg-array.js';

/** A change to one student's points on one day in one category (earned may be negative). */
export interface LedgerDelta {
  studentId: string;
  date: string;
  category: string;
  earned: number;
  spent: number;
  count: number;
  /** Who gave the activity: also booked in the giver rollups (teacher usage, class reports). */
  givenBy?: string | null;
  /** The class it was given in (activities.internal_period_id), for the giver × student rollup. */
  periodId?: string | null;
}

type PgType = 'uuid' | 'date' | 'text' | 'int' | 'bigint';
/** A column of a rollup upsert: its name, its type, and its value for one delta. */
type Column<R> = readonly [name: string, type: PgType, of: (r: R) => string | number];

/**
 * One `insert … on conflict do update` that adds `sums` into `table`'s rows keyed by the school and
 * `keys`: the rows are summed per key here first (one INSERT may not touch a row twice) and
 * written in key order, so concurrent writers lock the same rows in the same order and never
 * deadlock; each update is an increment, so none is lost. Its text takes the school from the slot
 * `school` and each column's array from the slot `<prefix><i>`: the same whatever the rows.
 */
function upsertAdding<R>(
  table: string,
  keys: readonly Column<R>[],
  sums: readonly Column<R>[],
  rows: readonly R[],
  prefix: string,
): { values: Record<string, string>; statement: (s: Slot, onlyIf: SQL) => SQL } {
  const summed = new Map<string, (string | number)[]>();
  for (const r of rows) {
    const key = keys.map(([, , of]) => of(r));
    const id = key.join('|');
    const at = summed.get(id);
    if (at)
      sums.forEach(
        ([, , of], i) => (at[key.length + i] = (at[key.length + i] as number) + (of(r) as number)),
      );
    else summed.set(id, [...key, ...sums.map(([, , of]) => of(r))]);
  }
  const columns = [...keys, ...sums];
  const rowValues = [...summed.values()];
  const values: Record<string, string> = {};
  columns.forEach((_, i) => (values[`${prefix}${i}`] = pgArrayText(rowValues.map((v) => v[i]!))));
  const name = (i: number) => sql.raw(`t.c${i}`);
  const keyNames = sql.raw(keys.map(([n]) => n).join(', '));
  const statement = (s: Slot, onlyIf: SQL) => sql`
    insert into ${sql.raw(table)} (school_id, ${sql.raw(columns.map(([n]) => n).join(', '))})
    select ${s('school')}::uuid, ${sql.join(
      columns.map((_, i) => name(i)),
      sql`, `,
    )}
    from unnest(${sql.join(
      columns.map(([, type], i) => sql`${s(`${prefix}${i}`)}::${sql.raw(type)}[]`),
      sql`, `,
    )}) as t(${sql.raw(columns.map((_, i) => `c${i}`).join(', '))})
    where ${onlyIf}
    order by ${sql.join(
      keys.map((_, i) => name(i)),
      sql`, `,
    )}
    on conflict (school_id, ${keyNames}) do update set
      ${sql.raw(sums.map(([n]) => `${n} = ${table}.${n} + excluded.${n}`).join(', '))}`;
  return { values, statement };
}

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * The monthly and daily rollup upserts of deltas without a giver (purchases), for a statement
 * that books the wallet itself, under a guard `onlyIf` (docs/decisions/102-one-statement-purchases.md):
 * their values (slots `m*` and `d*`, and `school`) and their text, the same whatever the deltas.
 */
export function rollupUpserts(deltas: readonly LedgerDelta[]): {
  values: Record<string, string>;
  statements: (s: Slot, onlyIf: SQL) => [monthly: SQL, daily: SQL];
} {
  const student: Column<LedgerDelta> = ['student_id', 'uuid', (d) => d.studentId];
  const category: Column<LedgerDelta> = ['category', 'text', (d) => d.category];
  const sums: Column<LedgerDelta>[] = [
    ['earned', 'bigint', (d) => d.earned],
    ['spent', 'bigint', (d) => d.spent],
    ['count', 'int', (d) => d.count],
  ];
  const monthly = upsertAdding(
    'monthly_rollup',
    [student, ['month', 'date', (d) => monthOf(d.date)], category],
    sums,
    deltas,
    'm',
  );
  const daily = upsertAdding(
    'daily_rollup',
    [student, ['date', 'date', (d) => d.date], category],
    sums,
    deltas,
    'd',
  );
  return {
    values: { ...monthly.values, ...daily.values },
    statements: (s, onlyIf) => [monthly.statement(s, onlyIf), daily.statement(s, onlyIf)],
  };
}

/**
 * One `insert … select … group by … on conflict do update` that adds the deltas (the
 * statement's deltas, sent once as the CTE `deltas`) into `table`'s rows keyed by the school and `keys`: summed per key
 * by PostgreSQL (one INSERT may not touch a row twice) and written in key order, so concurrent
 * writers lock the same rows in the same order and never deadlock; each update is an increment,
 * so none is lost.
 */
function upsertFromDeltas(
  table: string,
  schoolId: string,
  keys: readonly (readonly [name: string, expr: string])[],
  sums: readonly (readonly [name: string, expr: string])[],
  where?: string,
): SQL {
  const keyExprs = keys.map(([, e]) => e).join(', ');
  return sql`
    insert into ${sql.raw(table)} (school_id, ${sql.raw([...keys, ...sums].map(([n]) => n).join(', '))})
    select ${schoolId}::uuid, ${sql.raw(keyExprs)}, ${sql.raw(sums.map(([, e]) => `sum(${e})`).join(', '))}
    from deltas ${sql.raw(where ? `where ${where}` : '')}
    group by ${sql.raw(keyExprs)}
    order by ${sql.raw(keyExprs)}
    on conflict (school_id, ${sql.raw(keys.map(([n]) => n).join(', '))}) do update set
      ${sql.raw(sums.map(([n]) => `${n} = ${table}.${n} + excluded.${n}`).join(', '))}`;
}

/**
 * Applies deltas to wallets, the daily and monthly rollups and (for deltas with a giver) the giver
 * and giver × student rollups inside the caller's transaction, in one statement with `alongWith`
 * (the ledger inserts, updates or deletes behind them) when given. The deltas go to PostgreSQL once,
 * as the arrays of one CTE that every upsert sums from (a 1,000-student give: eight arrays of a
 * thousand values, not one set per table summed here first).
 */
export async function applyLedger(
  tx: Queryable,
  schoolId: string,
  deltas: readonly LedgerDelta[],
  alongWith?: SQL | readonly SQL[],
): Promise<void> {
  const along =
    alongWith === undefined
      ? []
      : Array.isArray(alongWith)
        ? (alongWith as readonly SQL[])
        : [alongWith as SQL];
  if (!deltas.length) {
    for (const statement of along) await tx.execute(statement);
    return;
  }
  const { source, given } = deltasSource(deltas);
  const { upserts, daily } = upsertsOfDeltas(schoolId, given);
  // One statement: the caller's ledger write (if any), the wallets, the giver, giver × student and monthly rollups and the daily rollup, in one round trip.
  const ctes: [string, SQL][] = [
    ['deltas', source],
    ...along.map((statement, i): [string, SQL] => [`ledger${i}`, statement]),
    ...upserts,
  ];
  await tx.execute(
    sql`with ${sql.join(
      ctes.map(([name, statement]) => sql`${sql.raw(name)} as (${statement})`),
      sql`, `,
    )} ${daily}`,
  );
}

/** The deltas as the rows of one `unnest` of eight arrays; `given`: whether any has a giver. */
function deltasSource(deltas: readonly LedgerDelta[]): { source: SQL; given: boolean } {
  const n = deltas.length;
  const students = new Array<string>(n);
  const dates = new Array<string>(n);
  const categories = new Array<string>(n);
  const earned = new Array<number>(n);
  const spent = new Array<number>(n);
  const counts = new Array<number>(n);
  const givers = new Array<string | null>(n);
  const periods = new Array<string | null>(n);
  let given = false;
  deltas.forEach((d, i) => {
    students[i] = d.studentId;
    dates[i] = d.date;
    categories[i] = d.category;
    earned[i] = d.earned;
    spent[i] = d.spent;
    counts[i] = d.count;
    givers[i] = d.givenBy ?? null;
    periods[i] = d.periodId ?? null;
    if (d.givenBy) given = true;
  });
  const source = sql`select * from unnest(${pgArray(students, 'uuid')}, ${pgArray(dates, 'date')}, ${pgArray(categories, 'text')}, ${pgArray(earned, 'int')}, ${pgArray(spent, 'int')}, ${pgArray(counts, 'int')}, ${pgArray(givers, 'uuid')}, ${pgArray(periods, 'uuid')}) as t(student_id, day, category, earned, spent, n, giver_id, period_id)`;
  return { source, given };
}

/**
 * The upserts from the deltas: the wallets, the giver and giver × student rollups (only when some
 * delta has a giver), the monthly rollup, and the daily rollup that ends the statement.
 */
function upsertsOfDeltas(
  schoolId: string,
  given: boolean,
): { upserts: [string, SQL][]; daily: SQL } {
  const month = `date_trunc('month', day)::date`;
  const upserts: [string, SQL][] = [
    [
      'wallet',
      upsertFromDeltas(
        'wallets',
        schoolId,
        [['student_id', 'student_id']],
        [
          ['balance', 'earned - spent'],
          ['total_earned', 'earned'],
          ['total_spent', 'spent'],
        ],
      ),
    ],
    ...(given
      ? ([
          [
            'giver',
            upsertFromDeltas(
              'giver_rollup',
              schoolId,
              [
                ['giver_id', 'giver_id'],
                ['date', 'day'],
                ['category', 'category'],
              ],
              [
                ['points', 'earned'],
                ['count', 'n'],
              ],
              'giver_id is not null',
            ),
          ],
          // Per giver, month, student, period and category: "to whom" and what was given in a class.
          [
            'to_whom',
            upsertFromDeltas(
              'giver_student_monthly',
              schoolId,
              [
                ['giver_id', 'giver_id'],
                ['month', month],
                ['student_id', 'student_id'],
                ['period_id', `coalesce(period_id, '${NO_PERIOD}'::uuid)`],
                ['category', 'category'],
              ],
              [
                ['points', 'earned'],
                ['count', 'n'],
              ],
              'giver_id is not null',
            ),
          ],
        ] as [string, SQL][])
      : []),
    [
      'monthly',
      upsertFromDeltas(
        'monthly_rollup',
        schoolId,
        [
          ['student_id', 'student_id'],
          ['month', month],
          ['category', 'category'],
        ],
        [
          ['earned', 'earned'],
          ['spent', 'spent'],
          ['count', 'n'],
        ],
      ),
    ],
  ];
  const daily = upsertFromDeltas(
    'daily_rollup',
    schoolId,
    [
      ['student_id', 'student_id'],
      ['date', 'day'],
      ['category', 'category'],
    ],
    [
      ['earned', 'earned'],
      ['spent', 'spent'],
      ['count', 'n'],
    ],
  );
  return { upserts, daily };
}
