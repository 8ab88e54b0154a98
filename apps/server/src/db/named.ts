import { createHash } from 'node:crypto';
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './client.js';

/**
 * Distinct statements this process names at most. PostgreSQL keeps a named statement (and its
 * plan) for the life of the connection, so an unbounded variety would grow every connection;
 * past the cap the rest run unnamed, as before.
 */
export const MAX_NAMED_STATEMENTS = 400;

const names = new Map<string, string>();

/** The statement's name: a digest of its text, so one name never stands for two texts. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `n_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

/**
 * `db.execute(query)` as a named statement: on PostgreSQL each pooled connection parses it once
 * and, after a few runs, reuses its plan (for the purchase's two statements planning cost three
 * times their execution; docs/decisions/118-named-statements.md). For hot statements whose text
 * depends only on the shape of the call (values travel as parameters, lists as one array
 * parameter), never on values. PGlite runs it as `execute` does.
 */
export function executeNamed(db: Queryable, query: SQL): Promise<unknown> {
  const d = db as unknown as DrizzleInternals;
  const built = d.dialect.sqlToQuery(query);
  return d.session.prepareQuery(built, undefined, nameOf(built.sql), false).execute();
}

/** Where a statement takes a value, by name: a shaped statement's placeholder, or the value itself. */
export type Slot = (name: string) => SQL;

/** A value of a shaped statement (below), by name: `${slot('school')}` where a value would go. */
export const slot: Slot = (name) => sql`${sql.placeholder(name)}`;

/** A slot that is the value of `values` itself, for a statement built on every call. */
export const inlineSlot =
  (values: Record<string, unknown>): Slot =>
  (name) =>
    sql`${values[name]}`;

/** The built text, parameters and name of each shaped statement, by its key. */
const shapes = new Map<string, { built: { sql: string; params: unknown[] }; name?: string }>();

/**
 * A hot statement whose text depends only on its shape (`key`), never on its values: built by
 * drizzle once per process with a `slot(name)` for every value, then run, like `executeNamed`,
 * as a named statement with `values`. Building and naming the text took a fifth of a purchase's
 * CPU (docs/decisions/140-lean-hot-paths.md). A value written into the text by `build` would be
 * the first call's for every later call: building refuses it.
 */
export function executeShaped(
  db: Queryable,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<unknown> {
  const d = db as unknown as DrizzleInternals;
  let shape = shapes.get(key);
  if (!shape) {
    const built = d.dialect.sqlToQuery(build());
    const value = built.params.find((p) => !is(p, Placeholder));
    if (value !== undefined)
      throw new Error(`the shaped statement ${key} holds a value (${String(value)}): use slot()`);
    shape = { built, name: nameOf(built.sql) };
    shapes.set(key, shape);
  }
  return d.session.prepareQuery(shape.built, undefined, shape.name, false).execute(values);
}
