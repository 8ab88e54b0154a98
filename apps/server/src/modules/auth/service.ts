import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG } from '@app/domain';
import type { Db } from '../../db/client.js';
import { credentials, loginFailures, periodStudents, periods, schools, sessions, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { HttpError, tooMany } from '../../lib/errors.js';
import { dummyPasswordHash, hashToken, newToken, verifyPassword } from '../../lib/tokens.js';

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_USER = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Periods a user teaches or co-teaches that have students (drives nav and teacher-store rights). */
export const periodCountSql = (schoolId: unknown, userId: unknown, externalId: unknown) => sql<number>`(
  select count(*)::int from ${periods} p
  where p.school_id = ${schoolId}
    and (p.teacher_id = ${userId} or ${externalId} = any(p.co_teachers))
    and exists (select 1 from ${periodStudents} ps where ps.school_id = p.school_id and ps.period_id = p.id)
)`;

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
      school: schools,
      periodCount: periodCountSql(users.schoolId, users.id, users.externalId),
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.schoolId, sessions.schoolId), eq(users.id, sessions.userId)))
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('find_session');
}
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

export async function findSession(db: Db, token: string): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ tokenHash });
  if (!row) return null;
  return { ...row, periodCount: Number(row.periodCount), tokenHash };
}

async function recentFailures(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(
      and(eq(loginFailures.key, key), gt(loginFailures.at, sql`now() - make_interval(mins => ${LOGIN_WINDOW_MINUTES})`)),
    );
  return Number(row?.n ?? 0);
}

export async function login(
  db: Db,
  input: { username: string; password: string; address: string; ttlHours: number },
): Promise<{ token: string; userId: string }> {
  const username = input.username.trim().toLowerCase();
  const userKey = `user:${username}`;
  const addressKey = `addr:${input.address}`;
  if (
    (await recentFailures(db, userKey)) >= MAX_FAILURES_PER_USER ||
    (await recentFailures(db, addressKey)) >= MAX_FAILURES_PER_ADDRESS
  )
    throw tooMany();

  const [cred] = await db.select().from(credentials).where(eq(credentials.username, username)).limit(1);
  const ok = await verifyPassword(cred?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!cred || !ok) {
    await db.insert(loginFailures).values([{ key: userKey }, { key: addressKey }]);
    throw new HttpError(401, MSG.invalidLogin);
  }
  await db.delete(loginFailures).where(eq(loginFailures.key, userKey));
  return createSession(db, cred.schoolId, cred.userId, input.ttlHours);
}

export async function createSession(db: Db, schoolId: string, userId: string, ttlHours: number) {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    schoolId,
    userId,
    expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
  });
  return { token, userId };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash));
}

/** Housekeeping for the cleanup job: expired sessions and old login failures. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now() - interval '1 day'`);
  await db.delete(loginFailures).where(sql`${loginFailures.at} < now() - interval '1 day'`);
}
