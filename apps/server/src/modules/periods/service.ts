import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  hasRole,
  periodLabel,
  schoolPeriods,
  shortName,
  teacherPeriods,
  type Period,
  type Person,
  type RosterStudent,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { periodStudents, periods, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { requireScope, scopeOf } from '../../access/permission.js';
import { periodInScope } from '../../access/periods.js';
import { isUuid } from '../../lib/ids.js';
import { presentPerson, personColumns } from '../../presenters/user.js';

async function loadPeriods(db: Queryable, schoolId: string, ids?: string[]): Promise<Omit<Period, 'isOwner'>[]> {
  const rows = await db
    .select({
      p: periods,
      teacherFirst: users.firstName,
      teacherLast: users.lastName,
      studentCount: sql<number>`(select count(*)::int from ${periodStudents} ps where ps.school_id = ${periods.schoolId} and ps.period_id = ${periods.id})`,
    })
    .from(periods)
    .innerJoin(users, and(eq(users.schoolId, periods.schoolId), eq(users.id, periods.teacherId)))
    .where(and(eq(periods.schoolId, schoolId), ids ? inArray(periods.id, ids) : undefined));
  const coIds = [...new Set(rows.flatMap((r) => r.p.coTeachers))];
  const coNames = new Map<string, string>();
  if (coIds.length) {
    const co = await db
      .select({ externalId: users.externalId, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), inArray(users.externalId, coIds)));
    co.forEach((c) => coNames.set(c.externalId, shortName(c)));
  }
  return rows.map(({ p, teacherFirst, teacherLast, studentCount }) => ({
    _id: p.id,
    name: p.name,
    label: periodLabel(p.periodNumber),
    teacher: { _id: p.teacherId, externalId: p.externalTeacherId, firstName: teacherFirst, lastName: teacherLast },
    externalTeacherId: p.externalTeacherId,
    coTeachers: p.coTeachers,
    coTeacherDisplayName: p.coTeachers.map((c) => coNames.get(c)).filter(Boolean).join(', '),
    periodNumber: p.periodNumber,
    sectionNumbers: p.sectionNumbers,
    studentCount: Number(studentCount),
  }));
}

/** Teachers: the periods they teach or co-teach (own first); others: the school's periods with students. */
export async function listPeriods(db: Queryable, user: AuthUser, scope: 'mine' | 'school'): Promise<Period[]> {
  const reach = requireScope(user, 'periods:list');
  const wantsSchool = scope === 'school' || !hasRole(user.roles, 'TEACHER');
  if (wantsSchool && reach !== 'school') throw forbidden();
  const all = await loadPeriods(db, user.schoolId);
  const withOwner = all.map((p) => ({ ...p, isOwner: p.externalTeacherId === user.externalId }));
  if (wantsSchool) return schoolPeriods(withOwner);
  return teacherPeriods(withOwner, user.externalId);
}

/** One class the user may view; another school's or an unknown id is 404, another teacher's class 403. */
export async function getPeriodFor(db: Queryable, user: AuthUser, id: string): Promise<Period> {
  if (!isUuid(id)) throw notFound('Period not found');
  const [p] = await loadPeriods(db, user.schoolId, [id]);
  if (!p) throw notFound('Period not found');
  if (!periodInScope(user, 'class:view', { teacherId: p.teacher._id, coTeachers: p.coTeachers }))
    throw forbidden('This class belongs to another teacher.');
  return { ...p, isOwner: p.externalTeacherId === user.externalId };
}

export async function periodRoster(db: Queryable, schoolId: string, periodId: string): Promise<RosterStudent[]> {
  const rows = await db
    .select({
      ...personColumns,
    })
    .from(periodStudents)
    .innerJoin(users, and(eq(users.schoolId, periodStudents.schoolId), eq(users.id, periodStudents.studentId)))
    .where(and(eq(periodStudents.schoolId, schoolId), eq(periodStudents.periodId, periodId)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((r) => ({ ...presentPerson(r), externalStudentId: r.externalId }));
}

export async function coTeacherDetails(db: Queryable, schoolId: string, externalIds: string[]): Promise<Person[]> {
  if (!externalIds.length) return [];
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, schoolId), inArray(users.externalId, externalIds)));
  return rows.map(presentPerson);
}

/** The teacher who owns the period, or an admin, names its co-teachers: teachers of the same school. */
export async function setCoTeachers(db: Queryable, user: AuthUser, id: string, coTeachers: string[]): Promise<Period> {
  const period = await getPeriodFor(db, user, id);
  if (!period.isOwner && scopeOf(user, 'periods:coTeachers') !== 'school')
    throw forbidden('Only the teacher of this class can change its co-teachers.');
  const wanted = [...new Set(coTeachers)];
  if (wanted.includes(period.externalTeacherId)) throw badRequest('coTeachers cannot include the class teacher');
  if (wanted.length) {
    const found = await db
      .select({ externalId: users.externalId })
      .from(users)
      .where(
        and(eq(users.schoolId, user.schoolId), inArray(users.externalId, wanted), sql`'TEACHER' = any(${users.roles})`),
      );
    const known = new Set(found.map((f) => f.externalId));
    const unknown = wanted.filter((w) => !known.has(w));
    if (unknown.length) throw badRequest(`coTeachers: ${unknown.join(', ')} is not a teacher of this school`);
  }
  await db.update(periods).set({ coTeachers: wanted }).where(and(eq(periods.schoolId, user.schoolId), eq(periods.id, id)));
  return getPeriodFor(db, user, id);
}
