import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { schools } from '../src/db/schema.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';
import { schoolDay } from './helpers/economy.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Every school-scoped table leads its keys with school_id, so it can be distributed by school
 * (docs/decisions/103-keys-lead-with-school.md, docs/scale.md). Read from the catalog of the
 * migrated database, so a new table or key that does not comply fails here until it does (or is
 * listed below with its reason).
 */

/** Tables without a school: shared by every school (Citus reference tables, docs/scale.md). */
const GLOBAL_TABLES = [
  'districts',
  'schools',
  /** The first start's one-time setup code. */
  'setup_codes',
  /** scope is 'global' or a school id: a small table read by every school. */
  'configurations',
  /** Keyed by address or sign-in name, before any school is known. */
  'rate_limits',
  /** A visitor's contact message naming no school of the deployment: it belongs to none. */
  'unmatched_contact_messages',
];

/**
 * Tables whose rows belong to a school but are found by a global key before the school is known:
 * a sign-in name (login has no school field) or the hash of a secret a browser brings. They keep
 * school_id as a column; their primary key is that global key.
 */
const GLOBAL_KEY_TABLES: Record<string, string> = {
  credentials: 'username',
  sessions: 'token_hash',
  password_links: 'token_hash',
  sso_states: 'state_hash',
  upload_grants: 'token_hash',
};

/** Schemas of their own besides public: the migrations' journal and pg-boss's queues (global). */
const GLOBAL_SCHEMAS = ['drizzle', 'pgboss'];

const ctx = useTestApp({ NODE_ENV: 'development' });
const q = async <T>(text: string) => rowsOf<T>(await ctx.database.executeSql(text));

interface Key {
  table: string;
  name: string;
  kind: 'primary key' | 'unique index' | 'foreign key';
  columns: string[];
  /** A foreign key's referenced table and columns. */
  refTable?: string;
  refColumns?: string[];
}

/** Every primary key, unique index (constraint or not, partial or by expression) and foreign key in public. */
async function keysOf(): Promise<Key[]> {
  const indexes = await q<{
    table: string;
    name: string;
    primary: boolean;
    columns: string[] | string;
  }>(`
    select c.relname as table, i.relname as name, x.indisprimary as primary,
      array(select coalesce(a.attname, '(expression)') from unnest(x.indkey) with ordinality k(attnum, n)
            left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum and k.attnum > 0
            where k.n <= x.indnkeyatts order by k.n) as columns
    from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and x.indisunique`);
  const fks = await q<{
    table: string;
    name: string;
    columns: string[] | string;
    ref_table: string;
    ref_columns: string[] | string;
  }>(`
    select c.relname as table, k.conname as name, r.relname as ref_table,
      array(select a.attname from unnest(k.conkey) with ordinality u(attnum, n)
            join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.n) as columns,
      array(select a.attname from unnest(k.confkey) with ordinality u(attnum, n)
            join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.n) as ref_columns
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace`);
  // PGlite answers name[] as the text '{a,b}'.
  const arr = (v: string[] | string) =>
    Array.isArray(v)
      ? v
      : v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);
  return [
    ...indexes.map((i): Key => ({
      table: i.table,
      name: i.name,
      kind: i.primary ? 'primary key' : 'unique index',
      columns: arr(i.columns),
    })),
    ...fks.map((f): Key => ({
      table: f.table,
      name: f.name,
      kind: 'foreign key',
      columns: arr(f.columns),
      refTable: f.ref_table,
      refColumns: arr(f.ref_columns),
    })),
  ];
}

async function tablesWithSchool() {
  const tables = await q<{ table: string; has_school: boolean; school_not_null: boolean }>(`
    select c.relname as table,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped) as has_school,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id' and a.attnotnull) as school_not_null
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')`);
  return tables;
}

describe('keys lead with school_id', () => {
  it('knows every table: school-scoped (with school_id), global, or found by a global key', async () => {
    const tables = await tablesWithSchool();
    expect(tables.length).toBeGreaterThan(40);
    for (const t of tables) {
      const where = `table ${t.table}`;
      if (GLOBAL_TABLES.includes(t.table)) {
        // A global table holding school_id would be a school table in disguise.
        expect(t.has_school, `${where} is listed as global but has school_id`).toBe(false);
      } else if (t.table in GLOBAL_KEY_TABLES) {
        expect(
          t.has_school,
          `${where} is listed as found by a global key but has no school_id`,
        ).toBe(true);
      } else {
        expect(
          t.has_school,
          `${where} has no school_id: give it one (leading its keys) or list it in GLOBAL_TABLES with the reason`,
        ).toBe(true);
        expect(t.school_not_null, `${where}: school_id must be NOT NULL`).toBe(true);
      }
    }
    // Every listed table exists (a stale list hides nothing).
    const names = tables.map((t) => t.table);
    for (const t of [...GLOBAL_TABLES, ...Object.keys(GLOBAL_KEY_TABLES)])
      expect(names, `listed table ${t}`).toContain(t);
  });

  it('every primary key, unique key and foreign key of a school-scoped table starts with school_id', async () => {
    const tables = await tablesWithSchool();
    const scoped = new Set(
      tables.filter((t) => t.has_school && !(t.table in GLOBAL_KEY_TABLES)).map((t) => t.table),
    );
    const keys = await keysOf();
    const wrong: string[] = [];
    for (const k of keys) {
      if (!scoped.has(k.table)) continue;
      if (k.columns[0] !== 'school_id')
        wrong.push(`${k.table}: ${k.kind} ${k.name} (${k.columns.join(', ')})`);
      // A key to another school table names the same school: (school_id, …) → (school_id, …).
      if (k.kind === 'foreign key' && scoped.has(k.refTable!) && k.refColumns![0] !== 'school_id')
        wrong.push(`${k.table}: ${k.name} references ${k.refTable}(${k.refColumns!.join(', ')})`);
    }
    expect(wrong).toEqual([]);
    // Each school-scoped table has a primary key.
    const withPk = new Set(keys.filter((k) => k.kind === 'primary key').map((k) => k.table));
    expect([...scoped].filter((t) => !withPk.has(t))).toEqual([]);
  });

  it('a global-key table is keyed by exactly its listed key', async () => {
    const keys = await keysOf();
    for (const [table, key] of Object.entries(GLOBAL_KEY_TABLES)) {
      const pk = keys.find((k) => k.table === table && k.kind === 'primary key');
      expect(pk?.columns, table).toEqual([key]);
    }
  });

  it('has no schema besides public and the global ones', async () => {
    const schemas = await q<{ nspname: string }>(
      `select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname not in ('information_schema', 'public')`,
    );
    for (const s of schemas) expect(GLOBAL_SCHEMAS, s.nspname).toContain(s.nspname);
  });
});

/* ---- every statement the server sends names the school ---- */

/** The SQL text of every statement sent while `capturing`, on either driver. */
const captured: string[] = [];
let capturing = false;
const textOf = (arg: unknown) =>
  typeof arg === 'string' ? arg : ((arg as { text?: string } | undefined)?.text ?? '');
{
  const pgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (capturing) captured.push(textOf(args[0]));
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  const wrap = (target: object, method: 'query' | 'exec') => {
    const t = target as Record<string, (...a: unknown[]) => unknown>;
    const original = t[method]!;
    t[method] = function (this: unknown, ...args: unknown[]) {
      if (capturing) captured.push(textOf(args[0]));
      return original.apply(this, args);
    };
  };
  wrap(PGlite.prototype, 'query');
  wrap(PGlite.prototype, 'exec');
  // A PGlite transaction's handle sends its statements through its own query/exec.
  const transaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function (this: PGlite, fn: (tx: never) => Promise<unknown>) {
    return transaction.call(this, (tx) => {
      wrap(tx, 'query');
      wrap(tx, 'exec');
      return fn(tx as never);
    });
  } as typeof transaction;
}

/**
 * Statements that name a table with school_id (GLOBAL_KEY_TABLES included) fewer times than such
 * tables, each for its reason (matched against the text with whitespace collapsed). Found by a
 * global key, as the table's primary key says: one row, whichever school it belongs to.
 */
const UNSCOPED_STATEMENTS: { match: RegExp; why: string }[] = [
  {
    // GET status: the demo banner shows while the demo admins keep the published password, whose
    // sign-in names are global (docs/decisions/081-demo-banner.md).
    match: /^select "password_hash" from "credentials" where "credentials"\."username" in \(/,
    why: 'the demo banner reads the demo sign-ins by name',
  },
  {
    // POST auth/logout: the caller brings only the session token.
    match: /^update "sessions" set "revoked_at" = now\(\) where "sessions"\."token_hash" = \$1$/,
    why: 'a sign-out ends the session its token names',
  },
];

/**
 * How often a statement names a school-scoped table (after FROM, JOIN, UPDATE, INTO): each such
 * table must be tied to the school, so school_id must appear at least as often.
 */
function scopedTableRefs(text: string, scoped: Set<string>): number {
  let n = 0;
  for (const m of text.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi))
    if (scoped.has(m[1]!.toLowerCase())) n++;
  return n;
}

describe('statements name the school', () => {
  /** Every table with school_id: the school-scoped ones and GLOBAL_KEY_TABLES. */
  let scoped: Set<string>;
  beforeAll(async () => {
    await seedDemo(ctx.database.db);
    const tables = await q<{ table: string }>(`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id')`);
    scoped = new Set(tables.map((t) => t.table));
  });

  it('every statement of a school day touching a school table filters on school_id', async () => {
    // Real ids of the demo school, read before capturing (these statements are the test's own).
    const [id] = await q<Record<string, string>>(`
      with me as (select c.username, u.* from users u join credentials c on c.school_id = u.school_id and c.user_id = u.id)
      select (select id from me where username = 'student1') as student,
        (select external_id from me where username = 'student1') as student_external,
        (select id from me where username = 'teacher1') as teacher,
        (select id from me where username = 'store') as store,
        (select p.id from periods p join me on me.school_id = p.school_id and me.id = p.teacher_id
           where me.username = 'teacher1' limit 1) as period,
        (select p.id from products p join me on me.school_id = p.school_id
           where me.username = 'student1' and p.store = 'School' and p.deleted_at is null
             and p.active and coalesce(p.stock, 1) > 0 order by p.price limit 1) as product,
        (select t.id from activity_types t join me on me.school_id = t.school_id
           where me.username = 'admin' and t.category = 'Bonuses' and t.type = 'SCHOOL_ACTION'
             and t.active limit 1) as bonus`);
    const ids = id!;
    // A school day of the demo's calendar: today may be a holiday, when gives are refused.
    const [demo] = await ctx.database.db
      .select()
      .from(schools)
      .where(eq(schools.externalId, 'DEMO'));
    const day = await schoolDay(ctx.database.db, demo!);
    const tokens: Record<string, string> = {};
    const send = async (
      who: string,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) =>
      call(ctx.app, method, url, {
        token: tokens[who],
        payload,
        headers: method === 'GET' ? {} : { 'idempotency-key': `keys-${captured.length}` },
      });
    capturing = true;
    try {
      for (const username of ['admin', 'teacher1', 'student1', 'store', 'district']) {
        const res = await call(ctx.app, 'POST', '/auth/login', {
          payload: { username, password: DEMO_PASSWORD },
        });
        expect(res.status, username).toBe(200);
        tokens[username] = res.body.token;
      }
      const schoolToken = await send('admin', 'POST', '/settings/school-tokens', {
        userId: ids.store,
        label: 'keys',
      });
      expect(schoolToken.status).toBe(200);
      const counter = await call(ctx.app, 'POST', '/auth/login/school', {
        payload: { externalSchoolId: 'DEMO', token: schoolToken.body.token },
      });
      expect(counter.status).toBe(200);

      // Every GET of the API as each role, path parameters filled with ids of the demo school,
      // once bare and once with the query parameters the class and student calls take.
      const fill = (url: string) =>
        url.replace(/:([a-zA-Z]+)/g, (_, name: string) =>
          /period|class/i.test(url) || /period/i.test(name)
            ? ids.period!
            : /teacher|user|giver/i.test(url + name)
              ? ids.teacher!
              : /product/i.test(url + name)
                ? ids.product!
                : ids.student!,
        );
      const query = `?periodId=${ids.period}&studentId=${ids.student}`;
      const gets = ctx.app.apiRoutes.filter((r) => r.method === 'GET');
      expect(gets.length).toBeGreaterThan(30);
      let answered = 0;
      for (const who of ['admin', 'teacher1', 'student1', 'store', 'district'])
        for (const r of gets)
          for (const q of ['', query])
            if ((await send(who, 'GET', fill(r.url) + q)).status === 200) answered++;
      expect(answered).toBeGreaterThan(100);

      // The writes of a school day: a give, its edit and removal, a cart, a purchase and its
      // fulfilment, a sign-out.
      const give = await send('teacher1', 'POST', '/activity/bulk', {
        externalStudentIds: [ids.student_external],
        activityTypes: [ids.bonus],
        date: day,
      });
      expect(give.status, JSON.stringify(give.body)).toBe(200);
      const [activity] = await (async () => {
        capturing = false;
        try {
          return await q<{ id: string }>(
            `select id from activities where student_id = '${ids.student}' order by created_at desc limit 1`,
          );
        } finally {
          capturing = true;
        }
      })();
      expect((await send('admin', 'PUT', `/activity/${activity!.id}`, { points: 2 })).status).toBe(
        200,
      );
      expect((await send('admin', 'DELETE', `/activity/${activity!.id}`)).status).toBe(200);
      const cart = await send('student1', 'POST', '/cart', {
        cartItems: [{ productId: ids.product, quantity: 1 }],
      });
      expect(cart.status, JSON.stringify(cart.body)).toBe(200);
      const order = await send('student1', 'POST', '/api/v2/order', {
        orderItems: [{ productId: ids.product, quantity: 1 }],
      });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const orderId = JSON.stringify(order.body).match(/"_?id":"([0-9a-f-]{36})"/)?.[1];
      expect(
        (await send('store', 'PUT', `/api/v2/order/${orderId}`, { action: 'CANCEL' })).status,
      ).toBe(200);
      expect((await send('student1', 'POST', '/auth/logout')).status).toBe(200);
    } finally {
      capturing = false;
    }

    const texts = [...new Set(captured.map((t) => t.replace(/\s+/g, ' ').trim()))];
    const touching = texts.filter((t) => scopedTableRefs(t, scoped) > 0);
    expect(touching.length).toBeGreaterThan(100);
    const unscoped = touching.filter(
      (t) =>
        (t.match(/school_id/gi)?.length ?? 0) < scopedTableRefs(t, scoped) &&
        !UNSCOPED_STATEMENTS.some((a) => a.match.test(t)),
    );
    expect(unscoped).toEqual([]);
    // Each allowed exception still happens (a stale entry hides nothing).
    for (const a of UNSCOPED_STATEMENTS)
      expect(
        touching.some((t) => a.match.test(t)),
        a.why,
      ).toBe(true);
  }, 240_000);
});
