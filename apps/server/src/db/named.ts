import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
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
    ): { execute(): Promise<unknown> };
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
