import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { periods } from '../src/db/schema.js';
import { AnswerCache } from '../src/lib/answer-cache.js';
import { makePeriod, makeSchool, makeUser, signIn } from './helpers/factories.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import { anotherServer, call, useTestApp } from './helpers/test-app.js';

/**
 * docs/decisions/120-answer-cache.md: each server keeps the answers of a screen's reads for
 * ANSWER_CACHE_SECONDS, per session and URL, while their school is unchanged. The database announces
 * every committed change to every server (migration 0026), and a kept answer is served only once
 * every announcement committed before the call has been heard (a marker NOTIFY come back).
 */
const ctx = useTestApp();

/** Tables whose changes no cached answer reads (migration 0026). */
const UNANNOUNCED = [
  'sessions',
  'rate_limits',
  'idempotency_keys',
  'sso_states',
  'upload_grants',
  'stored_images',
  // A visitor's message to no school (migration 0027): no school's answers read it.
  'unmatched_contact_messages',
  // Browsers remembered for sign-ins (migration 0028): read by the sign-in calls only.
  'sign_in_devices',
  // Printed sign-in cards (migration 0030): read by the card sign-in only.
  'sign_in_cards',
  // Students' badges and cashier codes (migration 0033, issue 35): no cached answer reads them.
  'student_badges',
  'cashier_codes',
];

/** Renames a class without the triggers' announcement (triggers off for this statement). */
const renameUnannounced = (id: string, name: string) =>
  ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(periods).set({ name }).where(eq(periods.id, id));
  });

const namesOn = async (app: FastifyInstance, token: string) =>
  ((await call(app, 'GET', '/periods', { token })).body as { name: string }[]).map((p) => p.name);

describe('the answer cache', () => {
  let other: FastifyInstance;
  let closeOther: () => Promise<void>;
  beforeAll(async () => {
    // A second server with its own pool and LISTEN connection; a long TTL: only a change clears it.
    ({ app: other, close: closeOther } = await anotherServer(ctx.database, {
      ANSWER_CACHE_SECONDS: '60',
    }));
  });
  afterAll(async () => closeOther?.());

  it('announces a change to every table a cached answer may read, and to none that changes at each sign-in', async () => {
    const rows = rowsOf<{ name: string; triggers: string[] | null }>(
      await ctx.database.db.execute(sql`
        select c.relname as name,
          (select array_agg(t.tgname::text order by t.tgname) from pg_trigger t
            where t.tgrelid = c.oid and t.tgname::text like '%_answers%') as triggers
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`),
    );
    expect(rows.length).toBeGreaterThan(40);
    for (const r of rows) {
      if (UNANNOUNCED.includes(r.name)) expect(r.triggers, r.name).toBeNull();
      else expect(r.triggers?.length, r.name).toBeGreaterThan(0);
    }
  });

  it('answers a read again from memory while its school is unchanged, and anew after a change', async () => {
    const school = await makeSchool(ctx.database.db);
    const teacher = await makeUser(ctx.database.db, school, ['TEACHER']);
    const kid = await makeUser(ctx.database.db, school, ['STUDENT']);
    const period = await makePeriod(ctx.database.db, school, teacher, [kid], { name: 'Algebra' });
    const token = await signIn(other, teacher);
    expect(await namesOn(other, token)).toEqual(['Algebra']);
    await renameUnannounced(period.id, 'Geometry');
    // Kept: nothing announced the rename (and the web's cache-busting `time` changes nothing).
    expect(await namesOn(other, token)).toEqual(['Algebra']);
    expect(
      (
        (await call(other, 'GET', `/periods?time=${Date.now()}`, { token })).body as {
          name: string;
        }[]
      ).map((p) => p.name),
    ).toEqual(['Algebra']);
    // Any announced change to the school (here a user's name) and the class is read anew.
    await ctx.database.db
      .update(schema.users)
      .set({ firstName: 'Changed' })
      .where(eq(schema.users.id, teacher.id));
    // At once: a kept answer is served only after every notice committed before the call is heard.
    expect(await namesOn(other, token)).toEqual(['Geometry']);
  });

  it('a change to another school keeps this school’s answers', async () => {
    const [a, b] = [await makeSchool(ctx.database.db), await makeSchool(ctx.database.db)];
    const teacher = await makeUser(ctx.database.db, a, ['TEACHER']);
    const kid = await makeUser(ctx.database.db, a, ['STUDENT']);
    const period = await makePeriod(ctx.database.db, a, teacher, [kid], { name: 'Art' });
    const token = await signIn(other, teacher);
    expect(await namesOn(other, token)).toEqual(['Art']);
    await renameUnannounced(period.id, 'Music');
    // School b changes, announced; its notice reaches `other` before this school's would.
    const bTeacher = await makeUser(ctx.database.db, b, ['TEACHER']);
    const bKid = await makeUser(ctx.database.db, b, ['STUDENT']);
    await makePeriod(ctx.database.db, b, bTeacher, [bKid], { name: 'Elsewhere' });
    const bToken = await signIn(other, bTeacher);
    expect(await namesOn(other, bToken)).toEqual(['Elsewhere']);
    expect(await namesOn(other, token)).toEqual(['Art']);
  });

  it('a give answered by one server is read at once on it and on another that kept the read', async () => {
    const db = ctx.database.db;
    const school = await makeSchool(db);
    const teacher = await makeUser(db, school, ['TEACHER']);
    const student = await makeUser(db, school, ['STUDENT']);
    await makePeriod(db, school, teacher, [student]);
    const bonus = await typeByName(db, school, 'Helping others');
    const day = await schoolDay(db, school);
    const teacherToken = await signIn(ctx.app, teacher);
    const studentToken = await signIn(ctx.app, student);
    const balanceOn = async (app: FastifyInstance) =>
      (await call(app, 'GET', '/utility/student/balance/stats', { token: studentToken })).body
        .balance as number;
    const before = await balanceOn(ctx.app);
    expect(await balanceOn(other)).toBe(before);
    const give = await call(ctx.app, 'POST', '/activity/bulk', {
      token: teacherToken,
      payload: {
        externalStudentIds: [student.externalId],
        activityTypes: [bonus.id],
        date: day,
      },
    });
    expect(give.status).toBe(200);
    for (const app of [ctx.app, other]) expect(await balanceOn(app)).toBe(before + bonus.points);
  });

  it('keeps each session’s answers apart, and answers the same bytes and headers again', async () => {
    const school = await makeSchool(ctx.database.db);
    const [t1, t2] = [
      await makeUser(ctx.database.db, school, ['TEACHER']),
      await makeUser(ctx.database.db, school, ['TEACHER']),
    ];
    const kid = await makeUser(ctx.database.db, school, ['STUDENT']);
    await makePeriod(ctx.database.db, school, t1, [kid], { name: 'Mine' });
    await makePeriod(ctx.database.db, school, t2, [kid], { name: 'Theirs' });
    const [k1, k2] = [await signIn(other, t1), await signIn(other, t2)];
    const first = await call(other, 'GET', '/periods', { token: k1 });
    expect(await namesOn(other, k2)).toEqual(['Theirs']);
    const again = await call(other, 'GET', '/periods', { token: k1 });
    expect(again.body).toEqual(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    // A signed-out session is refused, not answered from memory.
    expect((await call(other, 'POST', '/auth/logout', { token: k1 })).status).toBe(200);
    expect((await call(other, 'GET', '/periods', { token: k1 })).status).toBe(401);
  });

  it('ANSWER_CACHE_SECONDS=0 keeps nothing', async () => {
    const { app: off, close } = await anotherServer(ctx.database, { ANSWER_CACHE_SECONDS: '0' });
    try {
      const school = await makeSchool(ctx.database.db);
      const teacher = await makeUser(ctx.database.db, school, ['TEACHER']);
      const kid = await makeUser(ctx.database.db, school, ['STUDENT']);
      const period = await makePeriod(ctx.database.db, school, teacher, [kid], { name: 'One' });
      const token = await signIn(off, teacher);
      expect(await namesOn(off, token)).toEqual(['One']);
      await renameUnannounced(period.id, 'Two');
      expect(await namesOn(off, token)).toEqual(['Two']);
    } finally {
      await close();
    }
  });
});

describe('AnswerCache', () => {
  const limits = { ttlMs: 1000, maxBytes: 100, maxEntryBytes: 40 };
  const answer = (payload: string) => ({
    payload: Buffer.from(payload),
    headers: { 'content-type': 'application/json' },
  });
  const open = (now = () => 0) => {
    const c = new AnswerCache(limits, now);
    c.paused = false;
    return c;
  };

  it('keeps nothing and answers nothing while paused (changes may go unheard)', () => {
    const c = open();
    c.store(c.ticket('k', 's')!, answer('a'));
    c.paused = true;
    expect(c.get('k', 's')).toBeUndefined();
    expect(c.ticket('k', 's')).toBeUndefined();
  });

  it('does not keep an answer computed while its school changed', () => {
    const c = open();
    const t = c.ticket('k', 's')!;
    c.changed('s');
    c.store(t, answer('stale'));
    expect(c.get('k', 's')).toBeUndefined();
    const t2 = c.ticket('k', 's')!;
    c.changed('*');
    c.store(t2, answer('stale'));
    expect(c.get('k', 's')).toBeUndefined();
  });

  it('a change makes a kept answer stale; another school’s change does not', () => {
    const c = open();
    c.store(c.ticket('k', 's')!, answer('a'));
    c.changed('other');
    expect(c.get('k', 's')?.payload.toString()).toBe('a');
    c.changed('s');
    expect(c.get('k', 's')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('never answers one school’s entry for another', () => {
    const c = open();
    c.store(c.ticket('k', 's')!, answer('a'));
    expect(c.get('k', 't')).toBeUndefined();
  });

  it('forgets an answer after the TTL', () => {
    let now = 0;
    const c = open(() => now);
    c.store(c.ticket('k', 's')!, answer('a'));
    now = 999;
    expect(c.get('k', 's')?.payload.toString()).toBe('a');
    now = 1000;
    expect(c.get('k', 's')).toBeUndefined();
  });

  it('holds at most maxBytes (the oldest go first) and no answer over maxEntryBytes', () => {
    const c = open();
    for (const k of ['a', 'b', 'c']) c.store(c.ticket(k, 's')!, answer('x'.repeat(40)));
    expect(c.get('a', 's')).toBeUndefined();
    expect(c.get('b', 's')?.payload).toHaveLength(40);
    expect(c.get('c', 's')?.payload).toHaveLength(40);
    c.store(c.ticket('d', 's')!, answer('x'.repeat(41)));
    expect(c.get('d', 's')).toBeUndefined();
    expect(c.size).toBe(2);
  });

  it("keys an answer by session, language, the school's day and URL", () => {
    const keys = new Set([
      AnswerCache.keyOf('h1', '/a', '', '2026-11-16'),
      AnswerCache.keyOf('h2', '/a', '', '2026-11-16'),
      AnswerCache.keyOf('h1', '/a', 'es', '2026-11-16'),
      AnswerCache.keyOf('h1', '/a', '', '2026-11-17'),
      AnswerCache.keyOf('h1', '/b', '', '2026-11-16'),
    ]);
    expect(keys.size).toBe(5);
  });

  it('leaves out the web’s `time` parameter, and nothing else', () => {
    const key = (url: string) => AnswerCache.keyOf('h', url, '', '2026-11-16');
    expect(key('/a?time=1')).toBe(key('/a'));
    expect(key('/a?time=1&b=2')).toBe(key('/a?b=2'));
    expect(key('/a?b=2&time=1')).toBe(key('/a?b=2'));
    expect(key('/a?b=2&time=1&c=3')).toBe(key('/a?b=2&c=3'));
    expect(key('/a?atime=1')).not.toBe(key('/a'));
    expect(key('/a?b=time=1')).not.toBe(key('/a?b='));
  });
});
