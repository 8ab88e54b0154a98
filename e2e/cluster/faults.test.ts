import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../apps/server/src/db/client.js';
import { orders } from '../../apps/server/src/db/schema.js';
import { schoolDay, typeByName } from '../../apps/server/test/helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  type SchoolRow,
  type UserRow,
} from '../../apps/server/test/helpers/factories.js';
import { fund, makeProduct, type ProductRow } from '../../apps/server/test/helpers/store.js';
import { call, login, useCluster, type Answer } from './use-cluster.js';

/*
 * Faults (docs/decisions/100-faults-in-ci.md): a server killed with SIGKILL in the middle of
 * purchases and gives, on PostgreSQL. Every call carries an Idempotency-Key, as the web's do, so a
 * client whose call died with the server sends it again; afterwards no order is half-written, the
 * books balance (`npm run db:check`), each key changed points once, and every change a client was
 * told about (2xx) is there. Loopback only, a few seconds of load from a bounded set of clients.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ctx = useCluster(3);
const BUYERS = 16;
const GIVERS = 2;
const STUDENTS_PER_GIVE = 3;
/** The kill comes once this long has passed and this many calls were answered 200 … */
const KILL_AT_MS = 1_500;
const ANSWERED_BEFORE_KILL = 20;
/** … and the load goes on this long after the server has died (all of it ends within MAX_LOAD_MS). */
const AFTER_DEATH_MS = 2_500;
const MAX_LOAD_MS = 30_000;

/** A school of its own for each part, so that each part's orders and gives are its own. */
const f = {} as {
  school: SchoolRow;
  product: ProductRow;
  typeId: string;
  day: string;
  students: UserRow[];
  studentTokens: string[];
  giverTokens: string[];
};

async function newSchool() {
  const db = ctx.database.db;
  f.school = await makeSchool(db);
  f.students = [];
  for (let i = 0; i < BUYERS; i++) f.students.push(await makeUser(db, f.school, ['STUDENT']));
  const teachers = [];
  for (let i = 0; i < GIVERS; i++) {
    const t = await makeUser(db, f.school, ['TEACHER']);
    await makePeriod(db, f.school, t, f.students, { periodNumber: i + 1 });
    teachers.push(t);
  }
  await fund(db, f.school, f.students, 100_000);
  f.product = await makeProduct(db, f.school, { price: 3, stock: 1_000_000 });
  f.typeId = (await typeByName(db, f.school, 'Kindness')).id;
  f.day = await schoolDay(db, f.school);
  const base = ctx.cluster.url;
  f.studentTokens = await Promise.all(f.students.map((s) => login(base, s.username)));
  f.giverTokens = await Promise.all(teachers.map((t) => login(base, t.username)));
}

interface Sent {
  kind: 'order' | 'give';
  token: string;
  body: object;
  key: string;
  /** When it was sent and answered, in ms since the load began. */
  start: number;
  end: number;
  answer: Answer;
}

/** A call the server did not answer with a verdict: the connection died, or the proxy said 5xx. */
const lost = (a: Answer) => a.status === 0 || a.status >= 500;

const send = (base: string, s: Pick<Sent, 'kind' | 'token' | 'body' | 'key'>) =>
  s.kind === 'order'
    ? call(base, 'POST', '/api/v2/order', {
        token: s.token,
        body: s.body,
        headers: { 'idempotency-key': s.key },
      })
    : call(base, 'POST', 'activity/bulk', {
        token: s.token,
        body: s.body,
        headers: { 'idempotency-key': s.key },
      });

/**
 * BUYERS students buying one item at a time and GIVERS teachers giving to three students at a
 * time, each call after the last, against `base()`; `kill` runs once KILL_AT_MS have passed and
 * ANSWERED_BEFORE_KILL calls were answered, and the load stops AFTER_DEATH_MS after it. With
 * `waitAfterLoss`, a client whose call was lost sends nothing more (it retries after the restart).
 */
async function load(
  base: () => string,
  kill: () => Promise<void>,
  waitAfterLoss: boolean,
): Promise<{ sent: Sent[]; killedAt: number; diedAt: number }> {
  const began = Date.now();
  const sent: Sent[] = [];
  let killedAt = -1;
  let diedAt = -1;
  const answered = () => sent.filter((s) => s.answer.status === 200).length;
  const killing = (async () => {
    while (
      (Date.now() - began < KILL_AT_MS || answered() < ANSWERED_BEFORE_KILL) &&
      Date.now() - began < MAX_LOAD_MS / 2
    )
      await new Promise((r) => setTimeout(r, 20));
    killedAt = Date.now() - began;
    await kill();
    // Its death is seen when the process has exited: the kernel takes a few ms to tear it down.
    diedAt = Date.now() - began;
  })();
  const going = () => {
    const now = Date.now() - began;
    return now < MAX_LOAD_MS && (diedAt < 0 || now < diedAt + AFTER_DEATH_MS);
  };
  const client = async (next: (i: number) => Pick<Sent, 'kind' | 'token' | 'body'>) => {
    for (let i = 0; going(); i++) {
      const s = { ...next(i), key: randomUUID() };
      const start = Date.now() - began;
      const answer = await send(base(), s);
      sent.push({ ...s, start, end: Date.now() - began, answer });
      // A refused connection answers at once: do not spin.
      if (lost(answer)) {
        if (waitAfterLoss) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await Promise.all([
    ...f.studentTokens.map((token) =>
      client(() => ({
        kind: 'order' as const,
        token,
        body: { orderItems: [{ productId: f.product.id, quantity: 1 }] },
      })),
    ),
    ...f.giverTokens.map((token, g) =>
      client((i) => ({
        kind: 'give' as const,
        token,
        body: {
          externalStudentIds: Array.from(
            { length: STUDENTS_PER_GIVE },
            (_, k) => f.students[(g * 7 + i * STUDENTS_PER_GIVE + k) % BUYERS]!.externalId,
          ),
          activityTypes: [f.typeId],
          date: f.day,
          comment: '',
        },
      })),
    ),
  ]);
  await killing;
  return { sent, killedAt, diedAt };
}

/**
 * After the restart: every lost call is sent again with its key (now answered), then the books
 * are checked, each key changed points once, and each client reads back what it was told.
 */
async function proveNothingLostOrDoubled(base: string, sent: Sent[]) {
  if (process.env.CLUSTER_VERBOSE)
    console.log(
      `${sent.length} calls, ${sent.filter((x) => x.answer.status === 200).length} answered 200, ${sent.filter((x) => lost(x.answer)).length} lost`,
    );
  for (const s of sent.filter((x) => lost(x.answer))) {
    s.answer = await send(base, s);
    expect(s.answer.status, JSON.stringify(s.answer.body)).toBe(200);
  }
  for (const s of sent) expect(s.answer.status, JSON.stringify(s.answer.body)).toBe(200);

  // npm run db:check: wallets, order totals against their items, rollups, all from the ledger.
  const check = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/ledger/check-cli.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: ctx.databaseUrl },
      encoding: 'utf8',
    },
  );
  expect(check.stdout).toContain(`${f.school.externalId}: books balance`);
  expect(check.status, check.stdout + check.stderr).toBe(0);

  const db = ctx.database.db;
  const halfWritten = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from orders o where o.school_id = ${f.school.id} and not exists (select 1 from order_items i where i.order_id = o.id)`,
    ),
  )[0]!.n;
  expect(halfWritten).toBe(0);

  // One order per purchase key, one give of three activities per give key: none lost, none twice.
  const orderIds = sent
    .filter((s) => s.kind === 'order')
    .map((s) => (s.answer.body as { orders: { _id: string }[] }).orders.map((o) => o._id));
  expect(orderIds.every((ids) => ids.length === 1)).toBe(true);
  const stored = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.schoolId, f.school.id));
  expect(stored.map((o) => o.id).sort()).toEqual(orderIds.flat().sort());
  const gives = sent.filter((s) => s.kind === 'give');
  const giveIds = gives.map((s) => (s.answer.body as { giveId: string }).giveId);
  expect(new Set(giveIds).size).toBe(gives.length);
  const perGive = rowsOf<{ give_id: string; n: number }>(
    await db.execute(
      sql`select give_id::text, count(*)::int as n from activities where school_id = ${f.school.id} and give_id is not null and given_by is not null group by give_id`,
    ),
  );
  expect(perGive.map((r) => r.give_id).sort()).toEqual([...giveIds].sort());
  expect(perGive.every((r) => r.n === STUDENTS_PER_GIVE)).toBe(true);

  // Each student reads back every order they were told about.
  for (const [i, token] of f.studentTokens.entries()) {
    const res = await call(base, 'GET', '/api/v2/order/student', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = new Set((res.body as { _id: string }[]).map((o) => o._id));
    const told = sent
      .filter((s) => s.token === token && s.kind === 'order')
      .flatMap((s) => (s.answer.body as { orders: { _id: string }[] }).orders.map((o) => o._id));
    expect(
      told.filter((id) => !mine.has(id)),
      `student ${i}`,
    ).toEqual([]);
  }
}

describe('a server killed with SIGKILL under purchases and gives', () => {
  it('one server on its own: after its restart nothing is half-written, lost or doubled', async () => {
    await newSchool();
    const server = ctx.cluster.servers[0]!;
    const { sent, killedAt } = await load(
      () => server.url,
      () => server.kill('SIGKILL'),
      true,
    );
    expect(killedAt).toBeGreaterThan(0);
    const before = sent.filter((s) => s.end < killedAt && s.answer.status === 200);
    expect(before.length, 'calls answered before the kill').toBeGreaterThan(0);
    expect(sent.filter((s) => lost(s.answer)).length, 'calls lost with the server').toBeGreaterThan(
      0,
    );
    await server.restart();
    await proveNothingLostOrDoubled(server.url, sent);
  });

  it('one of three behind HAProxy: the others keep answering; only calls in flight on it fail', async () => {
    await newSchool();
    const server = ctx.cluster.servers[1]!;
    const { sent, killedAt, diedAt } = await load(
      () => ctx.cluster.url,
      () => server.kill('SIGKILL'),
      false,
    );
    expect(killedAt).toBeGreaterThan(0);
    const failed = sent.filter((s) => lost(s.answer));
    // A failed call was on its way when the server died: sent before it had exited.
    for (const s of failed) expect(s.start, JSON.stringify(s.answer)).toBeLessThanOrEqual(diedAt);
    expect(failed.length).toBeLessThanOrEqual(BUYERS + GIVERS);
    const after = sent.filter((s) => s.start > diedAt);
    expect(after.length).toBeGreaterThan(BUYERS + GIVERS);
    expect(after.filter((s) => s.answer.status !== 200)).toEqual([]);
    await server.restart();
    await proveNothingLostOrDoubled(ctx.cluster.url, sent);
  });
});
