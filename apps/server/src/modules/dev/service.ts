import { msg } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { DevPeriod, DevUser, SchoolInfo } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { periods, schools, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { presentPerson, presentSchool } from '../../presenters/user.js';

async function schoolOf(db: Queryable, id: string) {
  if (!isUuid(id)) throw notFound(msg('msg.schoolNotFound'));
  const [s] = await db.select().from(schools).where(eq(schools.id, id));
  if (!s) throw notFound(msg('msg.schoolNotFound'));
  return s;
}

/** Every school (the dev page signs in as anyone). */
export const devSchools = async (db: Queryable): Promise<SchoolInfo[]> =>
  (await db.select().from(schools)).map(presentSchool);

/** A school's users with their roles, by last name. */
export async function devUsers(db: Queryable, schoolId: string): Promise<DevUser[]> {
  const s = await schoolOf(db, schoolId);
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.schoolId, s.id))
    .orderBy(users.lastName);
  return rows.map((u) => ({ ...presentPerson(u), roles: u.roles }));
}

/** A school's periods by period number. */
export async function devPeriods(db: Queryable, schoolId: string): Promise<DevPeriod[]> {
  const s = await schoolOf(db, schoolId);
  const rows = await db
    .select()
    .from(periods)
    .where(eq(periods.schoolId, s.id))
    .orderBy(periods.periodNumber);
  return rows.map((p) => ({
    _id: p.id,
    name: p.name,
    periodNumber: p.periodNumber,
    externalTeacherId: p.externalTeacherId,
    coTeachers: p.coTeachers,
    sectionNumbers: p.sectionNumbers,
  }));
}
