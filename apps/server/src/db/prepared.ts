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

/**
 * Prepared statements by shape (which filters a call uses, never their values): each shape built on
 * first use per database handle, under the name `nameOf` gives it (the same shape always gets the
 * same name, so every handle on a connection shares PostgreSQL's parsed statement).
 */
export function preparedByShape<S, Q>(
  nameOf: (shape: S) => string,
  build: (db: Queryable, shape: S, name: string) => Q,
): (db: Queryable, shape: S) => Q {
  const built = new WeakMap<Queryable, Map<string, Q>>();
  return (db, shape) => {
    let byName = built.get(db);
    if (!byName) built.set(db, (byName = new Map()));
    const name = nameOf(shape);
    let q = byName.get(name);
    if (!q) byName.set(name, (q = build(db, shape, name)));
    return q;
  };
}
