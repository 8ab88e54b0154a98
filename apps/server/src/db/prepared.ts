import type { Queryable } from './client.js';

/**
 * A prepared statement built once per database handle (drizzle `.prepare(name)` with
 * `sql.placeholder`): the SQL is generated once, and on PostgreSQL each pooled connection parses
 * and plans it once. A transaction handle gets its own, so the statement runs inside it.
 */
export function preparedFor<Q>(build: (db: Queryable) => Q): (db: Queryable) => Q {
  const built = new WeakMap<Queryable, Q>();
  return (db) => {
    let q = built.get(db);
    if (!q) built.set(db, (q = build(db)));
    return q;
  };
}
