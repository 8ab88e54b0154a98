import { and, eq, gt, inArray, isNotNull, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { clockNow, msg, type Language, type LoginResponse } from '@app/domain';
import type { Database, Db, Queryable, Tx } from '../../db/client.js';
import type { Unsubscribe } from '../../db/notifications.js';
import {
  cashierCodes,
  credentials,
  periodStudents,
  periods,
  schools,
  sessions,
  users,
} from '../../db/schema.js';
import { periodAlias, teachesSql } from '../../access/periods.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden, HttpError, unauthorized } from '../../lib/errors.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { presentSessionUser } from '../../presenters/user.js';
import { purgeRateLimits } from '../../lib/rate-limit.js';
import { limitedSignIn } from '../../lib/sign-in-limits.js';
import { purgeDevices, type SignInDevice } from '../../lib/sign-in-devices.js';
import {
  dummyPasswordHash,
  hashIsStale,
  hashPassword,
  hashToken,
  newToken,
  verifyPassword,
} from '../../lib/tokens.js';

/** Periods a user teaches or co-teaches that have students (drives nav and teacher-store rights). */
const periodCountSql = (
  schoolId: SQLWrapper,
  userId: SQLWrapper,
  externalId: SQLWrapper,
) => sql<number>`(
  select count(*)::int from ${periods} p
  where p.school_id = ${schoolId}
    and ${teachesSql(periodAlias('p'), { id: userId, externalId })}
    and exists (select 1 from ${periodStudents} ps where ps.school_id = p.school_id and ps.period_id = p.id)
)`;

/** Seconds a session look-up is reused on this server unless SESSION_CACHE_SECONDS says otherwise. */
const SESSION_CACHE_SECONDS = 5;
/** Sessions remembered at most (the oldest goes first): bounds the memory whatever the traffic. */
const SESSION_CACHE_MAX = 10_000;

/**
 * Session look-ups by token hash, per database handle (docs/decisions/023-session-cache-and-change-notices.md). A sign-out
 * on this server forgets its entry at once; on other servers the TTL bounds how long a revoked
 * session or a changed role is still seen. Unknown tokens are never cached.
 */
const sessionCaches = new WeakMap<Db, TtlCache<AuthUser>>();
const cacheOf = (db: Db) => {
  let cache = sessionCaches.get(db);
  if (!cache)
    sessionCaches.set(
      db,
      (cache = new TtlCache<AuthUser>(SESSION_CACHE_SECONDS * 1000, SESSION_CACHE_MAX)),
    );
  return cache;
};

/** Sets how long this server reuses session look-ups on `db` (0 looks every session up on every call). */
export function configureSessionCache(db: Db, seconds: number): void {
  sessionCaches.set(db, new TtlCache<AuthUser>(seconds * 1000, SESSION_CACHE_MAX));
}

/** Forgets every cached session on this server (after a change to who may do what, e.g. co-teachers). */
export function forgetSessions(db: Queryable): void {
  sessionCaches.get(db as Db)?.clear();
}

/** Whose sessions end: every user of a school, or the listed users of it. */
export interface SessionsToEnd {
  schoolId: string;
  userIds?: readonly string[];
}

/** Ends sessions within `tx`: signed out from the commit on (each call's look-up refuses them). */
export type EndSessions = (who: SessionsToEnd) => Promise<void>;

/**
 * Runs `work` in one transaction in which it may end sessions (`end`), and once the transaction is
 * over, if any were ended, this server forgets its cached sessions at once: the next call of an
 * ended session is refused here, without waiting for the sessions trigger's NOTIFY (which tells the
 * other servers). Every end of a user's or a school's sessions goes through it, so none forgets the
 * second half (a sign-out ends its own session: revokeSession).
 * Forgetting after a rollback only costs this server some look-ups.
 */
export async function transactionEndingSessions<T>(
  db: Db,
  work: (tx: Tx, end: EndSessions) => Promise<T>,
): Promise<T> {
  let ended = false;
  try {
    return await db.transaction((tx) =>
      work(tx, async ({ schoolId, userIds }) => {
        if (userIds && !userIds.length) return;
        ended = true;
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(
            and(
              eq(sessions.schoolId, schoolId),
              userIds ? inArray(sessions.userId, [...userIds]) : undefined,
              isNull(sessions.revokedAt),
            ),
          );
      }),
    );
  } finally {
    if (ended) forgetSessions(db);
  }
}

/** The channel on which the database's triggers announce session changes (migration 0004). */
const SESSION_CHANGES = 'session_changes';

/**
 * Keeps this server's session cache true to the database: triggers NOTIFY a signed-out session's
 * token hash, or '*' when users, schools, periods or rosters change; every server hears it and
 * forgets those sessions. When the LISTEN connection is lost everything is forgotten and nothing
 * is cached until it is back (every call looks its session up), so a sign-out elsewhere is never
 * missed for longer than the loss takes to be noticed.
 */
export function watchSessionChanges(
  database: Pick<Database, 'listen'>,
  db: Db,
): Promise<Unsubscribe> {
  return database.listen(SESSION_CHANGES, (payload, listening = true) => {
    const cache = sessionCaches.get(db);
    if (!cache) return;
    if (payload === null) cache.paused = !listening;
    if (payload === null || payload === '*') cache.clear();
    else cache.delete(payload);
  });
}

/** The session look-up runs on every call: built once per database as a prepared statement. */
function sessionQuery(db: Db) {
  return db
    .select({
      id: users.id,
      schoolId: users.schoolId,
      externalId: users.externalId,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: users.roles,
      gradeLevel: users.gradeLevel,
      house: users.house,
      language: users.language,
      school: schools,
      periodCount: periodCountSql(users.schoolId, users.id, users.externalId),
      // Seconds left by the database's clock, which set the expiry: no skew with this server's.
      sessionSecondsLeft: sql<number>`extract(epoch from ${sessions.expiresAt} - now())`.mapWith(
        Number,
      ),
      // A cashier code's account (issue 35): when its code ends, by the rules' clock (0 once revoked).
      cashierUntil: sql<
        number | null
      >`(select case when c.revoked_at is null then extract(epoch from c.expires_at) * 1000 else 0 end
        from ${cashierCodes} c where c.school_id = ${users.schoolId} and c.user_id = ${users.id} limit 1)`.mapWith(
        Number,
      ),
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.schoolId, sessions.schoolId), eq(users.id, sessions.userId)))
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        // A disabled school's sessions end at once (its change notice clears every server's cache).
        isNull(schools.disabledAt),
        // Who left the school (the top grade when a year opens) signs in no more.
        isNull(users.leftAt),
      ),
    )
    .limit(1)
    .prepare('find_session');
}
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/**
 * Whether a session still holds by the rules' clock: a cashier code's session ends with its code
 * (docs/decisions/139-badges-and-counter.md), the moment the clock passes `expiresAt` (tests move
 * that clock, which the database's `now()` does not follow) or the code is revoked.
 */
const holds = (u: AuthUser) => u.cashierUntil == null || u.cashierUntil > clockNow().getTime();

export async function findSession(db: Db, token: string): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  const cache = cacheOf(db);
  const cached = cache.get(tokenHash);
  if (cached) return holds(cached) ? cached : null;
  const version = cache.version;
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ tokenHash });
  if (!row) return null;
  const { sessionSecondsLeft, ...rest } = row;
  const user: AuthUser = { ...rest, periodCount: Number(row.periodCount), tokenHash };
  if (!holds(user)) return null;
  cache.set(tokenHash, user, Date.now() + sessionSecondsLeft * 1000, version);
  return user;
}

/** Signs in by user name and password, under the guessing limits of `limitedSignIn`. */
export async function login(
  db: Db,
  input: { username: string; password: string; address: string; ttlHours: number },
  device?: SignInDevice,
): Promise<{ token: string; userId: string }> {
  const username = input.username.trim().toLowerCase();
  const check = async () => {
    const [row] = await db
      .select()
      .from(credentials)
      .where(eq(credentials.username, username))
      .limit(1);
    // An unknown name is checked against a dummy hash, so timing does not tell which names exist.
    const ok = await verifyPassword(
      row?.passwordHash ?? (await dummyPasswordHash()),
      input.password,
    );
    return { known: !!row, schoolId: row?.schoolId, account: row && ok ? row : null };
  };
  const cred = await limitedSignIn(db, username, input.address, check, device);
  if (hashIsStale(cred.passwordHash)) await rehashPassword(db, cred, input.password);
  return createSession(db, cred.schoolId, cred.userId, input.ttlHours);
}

/**
 * A hash made with older settings is made again with today's once its password is known: the next
 * sign-in costs what today's settings cost. Only if the password has not changed meanwhile.
 */
async function rehashPassword(
  db: Db,
  cred: typeof credentials.$inferSelect,
  password: string,
): Promise<void> {
  await db
    .update(credentials)
    .set({ passwordHash: await hashPassword(password) })
    .where(
      and(
        eq(credentials.schoolId, cred.schoolId),
        eq(credentials.username, cred.username),
        eq(credentials.passwordHash, cred.passwordHash),
      ),
    );
}

/** 403 when the school is disabled (docs/decisions/078-disabling-a-school.md): every sign-in path ends here or checks it. */
export async function refuseDisabledSchool(db: Queryable, schoolId: string): Promise<void> {
  const [s] = await db
    .select({ disabledAt: schools.disabledAt })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  if (s?.disabledAt) throw forbidden(msg('msg.schoolDisabled'));
}

/**
 * 401 "not registered" for who left the school (docs/decisions/087-grades-move-up-and-the-top-grade-leaves.md,
 * docs/decisions/128-leavers-are-archived.md): every sign-in path ends in createSession, and a
 * password link checks it before it changes anything.
 */
export async function refuseLeaver(db: Queryable, schoolId: string, userId: string): Promise<void> {
  const [left] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.id, userId), isNotNull(users.leftAt)));
  if (left) throw new HttpError(401, msg('msg.notRegistered'));
}

/** A new session of the user for `ttlHours` (a fraction of an hour too: a cashier code's time left). */
export async function createSession(db: Db, schoolId: string, userId: string, ttlHours: number) {
  await refuseDisabledSchool(db, schoolId);
  await refuseLeaver(db, schoolId, userId);
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    schoolId,
    userId,
    expiresAt: sql`now() + make_interval(secs => ${Math.round(ttlHours * 3600)})`,
  });
  return { token, userId };
}

/** The user's sign-in name ('' for a user who signs in by SSO or token only). */
export async function usernameOfUser(
  db: Queryable,
  schoolId: string,
  userId: string,
): Promise<string> {
  const [c] = await db
    .select({ username: credentials.username })
    .from(credentials)
    .where(and(eq(credentials.schoolId, schoolId), eq(credentials.userId, userId)))
    .limit(1);
  return c?.username ?? '';
}

/** The answer to a sign-in whose session `token` was just made: `{ token, user }`, as POST auth/login answers. */
export async function sessionAnswer(db: Db, token: string): Promise<LoginResponse> {
  const user = await findSession(db, token);
  if (!user) throw unauthorized();
  return {
    token,
    user: presentSessionUser(user, await usernameOfUser(db, user.schoolId, user.id)),
  };
}

/** Signs a user in exactly as POST auth/login does (SSO, a link, a reset, setup): a new session and its answer. */
export async function signInAs(
  db: Db,
  who: { schoolId: string; userId: string },
  ttlHours: number,
): Promise<LoginResponse> {
  const { token } = await createSession(db, who.schoolId, who.userId, ttlHours);
  return sessionAnswer(db, token);
}

/** Signs a session out: refused at once on this server (its cache entry goes), elsewhere within the cache TTL. */
export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  cacheOf(db).delete(tokenHash);
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.tokenHash, tokenHash));
  cacheOf(db).delete(tokenHash); // and whatever a look-up running meanwhile stored
}

/** Housekeeping for the cleanup job: expired sessions and ended rate-limit windows. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now() - interval '1 day'`);
  await purgeRateLimits(db);
  await purgeDevices(db);
}

/** The user's own language (null follows the browser); the users trigger tells every server's cache. */
export async function setLanguage(
  db: Db,
  user: AuthUser,
  language: Language | null,
): Promise<{ language: Language | null }> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.schoolId, user.schoolId), eq(users.id, user.id)));
  forgetSessions(db);
  return { language };
}
