import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database, Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { sessions, users } from '../src/db/schema.js';
import { postgresListen } from '../src/db/notifications.js';
import { parseEnv } from '../src/env.js';
import {
  configureSessionCache,
  findSession,
  transactionEndingSessions,
  watchSessionChanges,
  type SessionsToEnd,
} from '../src/modules/auth/service.js';
import { TtlCache } from '../src/lib/ttl-cache.js';
import { hashToken } from '../src/lib/tokens.js';
import { makePeriod, makeSchool, makeUser, signIn } from './helpers/factories.js';
import { testDatabaseUrl } from './helpers/pg-url.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * docs/decisions/023-session-cache-and-change-notices.md: each server reuses a session look-up for SESSION_CACHE_SECONDS;
 * a sign-out, a role change or a roster change is announced by the database (NOTIFY from triggers)
 * and every server forgets the sessions it touches; the TTL only bounds a lost announcement.
 */
const ctx = useTestApp();

/** A second server on the same database: its own database handle, so its own session cache. */
async function otherServer(
  database: Database,
  cacheSeconds: string,
): Promise<FastifyInstance & { db: Db }> {
  const client = (database.db as any).$client;
  const db = (database.kind === 'postgres'
    ? drizzlePg(client, { schema })
    : drizzlePglite(client, { schema })) as unknown as Db;
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    WEB_DIST: '/nonexistent',
    SESSION_CACHE_SECONDS: cacheSeconds,
  });
  const app = await buildApp({ database: { ...database, db }, env, logger: false });
  await app.ready();
  return Object.assign(app, { db });
}

describe('the session cache', () => {
  let other: FastifyInstance & { db: Db };
  let uncached: FastifyInstance;
  beforeAll(async () => {
    other = await otherServer(ctx.database, '60'); // a long TTL: only the announcement can clear it
    uncached = await otherServer(ctx.database, '0');
  });
  afterAll(async () => {
    await other?.close();
    await uncached?.close();
  });

  it('refuses a sign-out at once on the server that signed out, and on every other server once announced', async () => {
    const school = await makeSchool(ctx.database.db);
    const teacher = await makeUser(ctx.database.db, school, ['TEACHER']);
    const token = await signIn(ctx.app, teacher);
    expect((await call(ctx.app, 'POST', '/auth/me', { token })).status).toBe(200);
    expect((await call(other, 'POST', '/auth/me', { token })).status).toBe(200);

    expect((await call(other, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call(other, 'POST', '/auth/me', { token })).status).toBe(401);
    expect((await call(uncached, 'POST', '/auth/me', { token })).status).toBe(401);
    // ctx.app cached the session; the NOTIFY reaches it (delivery is asynchronous on PostgreSQL).
    await vi.waitFor(
      async () => expect((await call(ctx.app, 'POST', '/auth/me', { token })).status).toBe(401),
      { timeout: 3000 },
    );
  });

  it('sees a role change, a roster change and a sign-out made in the database, whatever made them', async () => {
    const school = await makeSchool(ctx.database.db);
    const student = await makeUser(ctx.database.db, school, ['STUDENT']);
    const token = await signIn(other, student);
    expect((await call(other, 'POST', '/auth/me', { token })).body.roles).toEqual(['STUDENT']);

    // Made outside this server's services (psql, an import, another server): the triggers announce it.
    await ctx.database.db
      .update(users)
      .set({ roles: ['TEACHER'] })
      .where(eq(users.id, student.id));
    await vi.waitFor(
      async () =>
        expect((await call(other, 'POST', '/auth/me', { token })).body.roles).toEqual(['TEACHER']),
      { timeout: 3000 },
    );

    const kid = await makeUser(ctx.database.db, school, ['STUDENT']);
    expect((await call(other, 'POST', '/auth/me', { token })).body.periodCount).toBe(0);
    await makePeriod(ctx.database.db, school, student, [kid]);
    await vi.waitFor(
      async () =>
        expect((await call(other, 'POST', '/auth/me', { token })).body.periodCount).toBe(1),
      { timeout: 3000 },
    );

    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await vi.waitFor(
      async () => expect((await call(other, 'POST', '/auth/me', { token })).status).toBe(401),
      { timeout: 3000 },
    );
  });

  it('keeps a session cached while nothing it carries changes', async () => {
    const school = await makeSchool(ctx.database.db);
    const student = await makeUser(ctx.database.db, school, ['STUDENT']);
    const token = await signIn(other, student);
    expect((await call(other, 'POST', '/auth/me', { token })).status).toBe(200);
    // Deleted without a trigger's announcement (triggers off for this statement): the cache still answers.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    });
    expect((await call(other, 'POST', '/auth/me', { token })).status).toBe(200);
    expect((await call(uncached, 'POST', '/auth/me', { token })).status).toBe(401);
  });

  it('ends sessions in a transaction and refuses them on this server at once, told or not', async () => {
    const school = await makeSchool(ctx.database.db);
    const [gone, stays] = [
      await makeUser(ctx.database.db, school, ['STUDENT']),
      await makeUser(ctx.database.db, school, ['STUDENT']),
    ];
    const [goneToken, staysToken] = [await signIn(other, gone), await signIn(other, stays)];
    const me = async (token: string) => (await call(other, 'POST', '/auth/me', { token })).status;
    expect([await me(goneToken), await me(staysToken)]).toEqual([200, 200]);
    // Triggers off: no NOTIFY tells `other` of it, so only transactionEndingSessions's forgetting can.
    const end = (who: SessionsToEnd, rollBack = false) =>
      transactionEndingSessions(other.db, async (tx, endSessions) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await endSessions(who);
        if (rollBack) throw new Error('rolled back');
      });
    await expect(end({ schoolId: school.id, userIds: [gone.id] }, true)).rejects.toThrow(
      'rolled back',
    );
    expect(await me(goneToken)).toBe(200);
    await end({ schoolId: school.id, userIds: [gone.id] });
    expect([await me(goneToken), await me(staysToken)]).toEqual([401, 200]);
    await end({ schoolId: school.id, userIds: [] }); // nobody, not the whole school
    expect(await me(staysToken)).toBe(200);
    await end({ schoolId: school.id });
    expect(await me(staysToken)).toBe(401);
  });

  it('forgets cached sessions on this server when co-teachers change (their rights depend on it)', async () => {
    const school = await makeSchool(ctx.database.db);
    const [owner, co] = [
      await makeUser(ctx.database.db, school, ['TEACHER']),
      await makeUser(ctx.database.db, school, ['TEACHER']),
    ];
    const kid = await makeUser(ctx.database.db, school, ['STUDENT']);
    const period = await makePeriod(ctx.database.db, school, owner, [kid]);
    const coToken = await signIn(ctx.app, co);
    expect((await call(ctx.app, 'POST', '/auth/me', { token: coToken })).body.periodCount).toBe(0);
    const put = await call(ctx.app, 'PUT', `/periods/${period.id}/co-teachers`, {
      token: await signIn(ctx.app, owner),
      payload: { coTeachers: [co.externalId] },
    });
    expect(put.status).toBe(200);
    expect((await call(ctx.app, 'POST', '/auth/me', { token: coToken })).body.periodCount).toBe(1);
  });
});

describe('a lost LISTEN connection', () => {
  /** A session signed out without the triggers' announcement: a notice lost with the connection. */
  const revokeUnannounced = (token: string) =>
    ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(token)));
    });

  it('while the connection is lost the server caches no session, so a sign-out it was not told of still counts', async () => {
    const client = (ctx.database.db as unknown as { $client: never }).$client;
    const db = (ctx.database.kind === 'postgres'
      ? drizzlePg(client, { schema })
      : drizzlePglite(client, { schema })) as unknown as Db;
    configureSessionCache(db, 60);
    // What the LISTEN connection tells the cache, told by hand: lost, then back.
    let hear: (payload: string | null, listening?: boolean) => void = () => {};
    await watchSessionChanges(
      {
        listen: async (_channel, onNotify) => {
          hear = onNotify;
          return async () => {};
        },
      },
      db,
    );
    const school = await makeSchool(ctx.database.db);
    const [first, second] = [
      await signIn(ctx.app, await makeUser(ctx.database.db, school, ['STUDENT'])),
      await signIn(ctx.app, await makeUser(ctx.database.db, school, ['STUDENT'])),
    ];
    expect(await findSession(db, first)).not.toBeNull();
    hear(null, false);
    // Forgotten at once, and not cached again while nothing is heard.
    expect(await findSession(db, second)).not.toBeNull();
    await revokeUnannounced(first);
    await revokeUnannounced(second);
    expect(await findSession(db, first)).toBeNull();
    expect(await findSession(db, second)).toBeNull();
    // Back: cached again (the TTL is the bound once more).
    hear(null, true);
    const third = await signIn(ctx.app, await makeUser(ctx.database.db, school, ['STUDENT']));
    expect(await findSession(db, third)).not.toBeNull();
    await revokeUnannounced(third);
    expect(await findSession(db, third)).not.toBeNull();
  });

  it.skipIf(!testDatabaseUrl())(
    'PostgreSQL: a subscriber hears the loss at once, and the return; notices flow again',
    async () => {
      const heard: [string | null, boolean | undefined][] = [];
      const notifications = postgresListen(ctx.database.url!);
      try {
        await notifications.listen('h_pictures_channel', (payload, listening) =>
          heard.push([payload, listening]),
        );
        await ctx.database.executeSql(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query = 'listen "h_pictures_channel"'`,
        );
        await vi.waitFor(
          () =>
            expect(heard).toEqual([
              [null, false],
              [null, true],
            ]),
          { timeout: 5000 },
        );
        await ctx.database.executeSql(`select pg_notify('h_pictures_channel', 'again')`);
        await vi.waitFor(() => expect(heard.at(-1)).toEqual(['again', undefined]), {
          timeout: 3000,
        });
      } finally {
        await notifications.close();
      }
    },
  );
});

describe('TtlCache', () => {
  it('keeps an entry for its TTL or until its own end, whichever comes first', () => {
    let now = 1000;
    const cache = new TtlCache<string>(5000, 10, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B', 3000);
    now = 2999;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', 'B']);
    now = 3000;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', undefined]);
    now = 6000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new TtlCache<number>(5000, 3);
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
    expect(['k0', 'k1', 'k2', 'k3', 'k4'].map((k) => cache.get(k))).toEqual([
      undefined,
      undefined,
      2,
      3,
      4,
    ]);
  });

  it('does not store a value loaded before a delete (a sign-out during the look-up)', () => {
    const cache = new TtlCache<string>(5000, 10);
    const version = cache.version; // the look-up starts
    cache.delete('t'); // the sign-out lands meanwhile
    cache.set('t', 'stale', Infinity, version);
    expect(cache.get('t')).toBeUndefined();
    cache.set('t', 'fresh', Infinity, cache.version);
    expect(cache.get('t')).toBe('fresh');
  });

  it('keeps and answers nothing while paused', () => {
    const cache = new TtlCache<string>(5000, 10);
    cache.set('a', 'A');
    cache.paused = true;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'B');
    cache.paused = false;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', undefined]);
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = new TtlCache<string>(0, 10);
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
  });
});
