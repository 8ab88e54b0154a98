import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../src/db/client.js';
import { pgArray } from '../src/lib/pg-array.js';

/** pgArray writes only the escapes a value needs; every value must come back as it went in. */
describe('pgArray', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  const back = async (values: (string | number | null)[], type: 'text' | 'int' | 'uuid') =>
    rowsOf<{ v: unknown }>(
      await database.db.execute(sql`select unnest(${pgArray(values, type)}) as v`),
    ).map((r) => r.v);

  it('keeps text with quotes, backslashes, commas, braces, spaces and the word NULL', async () => {
    const values = ['plain', 'a "quoted" word', 'back\\slash', 'a,b', '{x}', ' pad ', 'NULL', ''];
    expect(await back([...values, null], 'text')).toEqual([...values, null]);
  });

  it('keeps numbers, including negatives, and uuids', async () => {
    expect((await back([0, -5, 2147483647], 'int')).map(Number)).toEqual([0, -5, 2147483647]);
    const id = '0b8a1f3e-4d2c-4b6a-9e1f-2a3b4c5d6e7f';
    expect(await back([id, null], 'uuid')).toEqual([id, null]);
  });

  it('does not let a value with a quote become two elements', async () => {
    expect(await back(['a","b'], 'text')).toEqual(['a","b']);
  });
});
