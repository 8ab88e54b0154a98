import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../src/db/client.js';
import { executeNamed, executeShaped, MAX_NAMED_STATEMENTS, slot } from '../src/db/named.js';
import { freshDatabase } from './helpers/test-db.js';

/** Hot statements run named (docs/decisions/118-named-statements.md): same answers, bounded names. */
describe('executeNamed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  const pair = (a: number, b: string) => sql`select ${a}::int + 1 as n, upper(${b}) as s`;

  it('answers each call with its own values, as execute does', async () => {
    for (const [a, b] of [
      [1, 'x'],
      [41, 'y'],
      [-3, 'zz'],
    ] as const) {
      const named = rowsOf(await executeNamed(database.db, pair(a, b)));
      const plain = rowsOf(await database.db.execute(pair(a, b)));
      expect(named).toEqual(plain);
      expect(named).toEqual([{ n: a + 1, s: b.toUpperCase() }]);
    }
  });

  it('runs inside a transaction, and a failure there rolls it back', async () => {
    await database.db.execute(sql`create table if not exists named_t (v int primary key)`);
    await expect(
      database.db.transaction(async (tx) => {
        await executeNamed(tx, sql`insert into named_t (v) values (${1})`);
        await executeNamed(tx, sql`insert into named_t (v) values (${1})`); // duplicate key
      }),
    ).rejects.toThrow();
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from named_t`))).toEqual([
      { n: 0 },
    ]);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'names the statement on PostgreSQL, once per text, and never more than the cap',
    async () => {
      await database.db.transaction(async (tx) => {
        // One connection throughout: the transaction's.
        await executeNamed(tx, pair(1, 'a'));
        await executeNamed(tx, pair(2, 'b'));
        const mine = rowsOf<{ statement: string }>(
          await tx.execute(
            sql`select statement from pg_prepared_statements where name like 'n\\_%' and statement like '%upper(%'`,
          ),
        );
        expect(mine).toHaveLength(1); // two calls, one text, one statement
        for (let i = 0; i < MAX_NAMED_STATEMENTS + 20; i++) {
          const [row] = rowsOf<{ n: number }>(
            await executeNamed(tx, sql`select ${i}::int + ${sql.raw(String(i))} as n`),
          );
          expect(row!.n).toBe(2 * i);
        }
        const [count] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from pg_prepared_statements where name like 'n\\_%'`,
          ),
        );
        // The cap counts this process's names; a few of them may live on other connections.
        expect(count!.n).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
        expect(count!.n).toBeGreaterThan(MAX_NAMED_STATEMENTS - 5);
      });
    },
  );
});

/** Hot statements whose text is built once (docs/decisions/140-lean-hot-paths.md). */
describe('executeShaped', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('builds the text once and answers each call with its own values', async () => {
    let builds = 0;
    const build = () => {
      builds++;
      return sql`select ${slot('a')}::int + 1 as n, upper(${slot('b')}) as s, ${slot('a')}::int * 2 as twice`;
    };
    for (const [a, b] of [
      [1, 'x'],
      [41, 'y'],
      [-3, 'zz'],
    ] as const)
      expect(rowsOf(await executeShaped(database.db, 'test pair', build, { a, b }))).toEqual([
        { n: a + 1, s: b.toUpperCase(), twice: 2 * a },
      ]);
    expect(builds).toBe(1);
  });

  it('refuses a text that holds a value, which later calls would repeat', async () => {
    expect(() =>
      executeShaped(database.db, 'test value', () => sql`select ${1}::int as n`, {}),
    ).toThrow(/holds a value/);
  });
});

describe('the app connections on PostgreSQL', () => {
  it.runIf(!!process.env.DATABASE_URL)(
    'compile no statement, start no parallel workers and aggregate a school in memory',
    async () => {
      const database = await freshDatabase();
      try {
        const [row] = rowsOf<{ v: string }>(
          await database.db.execute(
            sql`select current_setting('jit') || ' ' || current_setting('max_parallel_workers_per_gather') || ' ' || current_setting('work_mem') as v`,
          ),
        );
        expect(row!.v).toBe('off 0 16MB');
      } finally {
        await database.close();
      }
    },
  );
});
