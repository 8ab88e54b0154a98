import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  msg,
  periodLabel,
  schoolPeriods,
  shortName,
  type Period,
  type PeriodDetail,
  type PeriodMeta,
  type Person,
  type RosterStudent,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { periodStudents, periods, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { requireScope, scopeOf } from '../../access/permission.js';
import { mayTeachSql, owns, periodInScope, teachesSql } from '../../access/periods.js';
import { isUuid } from '../../lib/ids.js';
import { presentPerson } from '../../presenters/user.js';
import { forgetSessions } from '../auth/service.js';

/** Co-teachers found among the school's users, as [externalId, firstName, lastName, id, gradeLevel, house]. */
type CoTeacherRow = [string, string, string, string, string | null, string | null];
/** A roster's student, as [id, externalId, firstName, lastName, gradeLevel, house]. */
type RosterRow = [string, string, string, string, string | null, string | null];

/** A JSON column: parsed by pg, text from PGlite. */
const fromJson = <T>(v: T | string | null): T | null =>
  typeof v === 'string' ? (JSON.parse(v) as T) : v;

/**
 * Which periods one statement loads: the school's, those a teacher teaches or co-teaches, one by
 * id, or one by id with its roster (the class page).
 */
type PeriodsShape = 'school' | 'teacher' | 'one' | 'detail';

/**
 * Periods in ONE statement: the teacher's name by join, the student counts (the whole school: one
 * grouped scan of the roster; a teacher's few periods or one period: a lateral count on the
 * roster's key) and the co-teachers' names as a JSON list (looked up only where there are
 * co-teachers). Prepared once per database handle and shape. A roster lists no one who has left
 * (the year's opening and the roster import also take leavers out of every class).
 */
function periodsQuery(db: Queryable, shape: PeriodsShape) {
  const schoolId = sql.placeholder('schoolId');
  const columns = (count: SQL.Aliased<number>) => ({
    p: periods,
    teacherFirst: users.firstName,
    teacherLast: users.lastName,
    studentCount: sql<number>`coalesce(${count}, 0)`.mapWith(Number),
    coTeacherRows: sql<
      CoTeacherRow[] | string | null
    >`case when cardinality(${periods.coTeachers}) > 0 then (
      select json_agg(json_build_array(c.external_id, c.first_name, c.last_name, c.id, c.grade_level, c.house))
      from ${users} c
      where c.school_id = ${periods.schoolId} and c.external_id = any(${periods.coTeachers})
    ) end`,
    roster: sql<RosterRow[] | string | null>`${
      shape === 'detail'
        ? sql`(
      select json_agg(json_build_array(u.id, u.external_id, u.first_name, u.last_name, u.grade_level, u.house) order by u.last_name, u.first_name)
      from ${periodStudents} ps join ${users} u on u.school_id = ps.school_id and u.id = ps.student_id
      where ps.school_id = ${periods.schoolId} and ps.period_id = ${periods.id} and u.left_at is null)`
        : sql`null`
    }`,
  });
  const teacherOf = and(eq(users.schoolId, periods.schoolId), eq(users.id, periods.teacherId));
  if (shape === 'school') {
    const counts = db
      .select({ periodId: periodStudents.periodId, n: sql<number>`count(*)::int`.as('n') })
      .from(periodStudents)
      .where(eq(periodStudents.schoolId, schoolId))
      .groupBy(periodStudents.periodId)
      .as('counts');
    return db
      .select(columns(counts.n))
      .from(periods)
      .innerJoin(users, teacherOf)
      .leftJoin(counts, eq(counts.periodId, periods.id))
      .where(eq(periods.schoolId, schoolId))
      .prepare('periods_school');
  }
  const counts = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(periodStudents)
    .where(
      and(eq(periodStudents.schoolId, periods.schoolId), eq(periodStudents.periodId, periods.id)),
    )
    .as('counts');
  const which =
    shape === 'teacher'
      ? teachesSql(periods, {
          id: sql.placeholder('userId'),
          externalId: sql.placeholder('externalId'),
        })
      : eq(periods.id, sql.placeholder('id'));
  return db
    .select(columns(counts.n))
    .from(periods)
    .innerJoin(users, teacherOf)
    .leftJoinLateral(counts, sql`true`)
    .where(and(eq(periods.schoolId, schoolId), which))
    .prepare(`periods_${shape}`);
}
const periodsQueries = {
  school: preparedFor((db) => periodsQuery(db, 'school')),
  teacher: preparedFor((db) => periodsQuery(db, 'teacher')),
  one: preparedFor((db) => periodsQuery(db, 'one')),
  detail: preparedFor((db) => periodsQuery(db, 'detail')),
};

type LoadedRow = Awaited<ReturnType<ReturnType<typeof periodsQueries.one>['execute']>>[number];

/** A loaded row as the API shows the period, and its co-teachers as people. */
function presentRow({ p, teacherFirst, teacherLast, studentCount, coTeacherRows }: LoadedRow): {
  period: Omit<Period, 'isOwner'>;
  coTeacherList: Person[];
} {
  const found = fromJson(coTeacherRows) ?? [];
  const coNames = new Map(
    found.map(([externalId, firstName, lastName]) => [
      externalId,
      shortName({ firstName, lastName }),
    ]),
  );
  return {
    period: {
      _id: p.id,
      name: p.name,
      label: periodLabel(p.periodNumber),
      teacher: {
        _id: p.teacherId,
        externalId: p.externalTeacherId,
        firstName: teacherFirst,
        lastName: teacherLast,
      },
      externalTeacherId: p.externalTeacherId,
      coTeachers: p.coTeachers,
      coTeacherDisplayName: p.coTeachers
        .map((c) => coNames.get(c))
        .filter(Boolean)
        .join(', '),
      periodNumber: p.periodNumber,
      sectionNumbers: p.sectionNumbers,
      studentCount,
    },
    coTeacherList: found.map(([externalId, firstName, lastName, id, gradeLevel, house]) => ({
      _id: id,
      externalId,
      firstName,
      lastName,
      gradeLevel,
      house,
    })),
  };
}

/** The school's periods; `{ teacher }`: only those that user teaches or co-teaches; `{ id }`: that one. */
async function loadPeriods(
  db: Queryable,
  schoolId: string,
  only: { teacher: AuthUser } | { id: string } | Record<string, never> = {},
): Promise<Omit<Period, 'isOwner'>[]> {
  const rows =
    'teacher' in only
      ? await periodsQueries
          .teacher(db)
          .execute({ schoolId, userId: only.teacher.id, externalId: only.teacher.externalId })
      : 'id' in only
        ? await periodsQueries.one(db).execute({ schoolId, id: only.id })
        : await periodsQueries.school(db).execute({ schoolId });
  return rows.map((r) => presentRow(r).period);
}

const withOwner = (p: Omit<Period, 'isOwner'>, user: AuthUser): Period => ({
  ...p,
  isOwner: owns({ teacherId: p.teacher._id }, user),
});

/**
 * 'mine': the periods the user teaches or co-teaches, their own first; 'school': the school's. Both
 * keep periods with students. A caller whose scope for periods:list is the school's gets the
 * school's unless they ask for theirs; a caller with a narrower scope gets only theirs (403 for
 * the school's).
 */
export async function listPeriods(
  db: Queryable,
  user: AuthUser,
  scope: 'mine' | 'school',
): Promise<Period[]> {
  const reach = requireScope(user, 'periods:list');
  if (scope === 'school' && reach !== 'school') throw forbidden();
  const wantsSchool = reach === 'school' && (scope === 'school' || user.periodCount === 0);
  const all = await loadPeriods(db, user.schoolId, wantsSchool ? {} : { teacher: user });
  const listed = schoolPeriods(all.map((p) => withOwner(p, user)));
  // Own periods first (the sort keeps the period order within each part).
  return wantsSchool ? listed : listed.sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
}

/** One class the user may view; another school's or an unknown id is 404, another teacher's class 403. */
async function getPeriodFor(db: Queryable, user: AuthUser, id: string): Promise<Period> {
  if (!isUuid(id)) throw notFound(msg('msg.periodNotFound'));
  const [p] = await loadPeriods(db, user.schoolId, { id });
  if (!p) throw notFound(msg('msg.periodNotFound'));
  if (!periodInScope(user, 'class:view', { teacherId: p.teacher._id, coTeachers: p.coTeachers }))
    throw forbidden(msg('msg.otherTeachersClass'));
  return withOwner(p, user);
}

/**
 * GET periods/:id: the class the user may view with its roster and co-teachers, in one statement
 * (docs/decisions/117-gives-and-reads-at-scale.md); unknown or another school's → 404, another
 * teacher's class → 403.
 */
export async function getPeriodDetail(
  db: Queryable,
  user: AuthUser,
  id: string,
): Promise<PeriodDetail> {
  if (!isUuid(id)) throw notFound(msg('msg.periodNotFound'));
  const [row] = await periodsQueries.detail(db).execute({ schoolId: user.schoolId, id });
  if (!row) throw notFound(msg('msg.periodNotFound'));
  const { period, coTeacherList } = presentRow(row);
  if (
    !periodInScope(user, 'class:view', {
      teacherId: period.teacher._id,
      coTeachers: period.coTeachers,
    })
  )
    throw forbidden(msg('msg.otherTeachersClass'));
  const students = (fromJson(row.roster) ?? []).map(
    ([sid, externalId, firstName, lastName, gradeLevel, house]): RosterStudent => ({
      _id: sid,
      externalId,
      firstName,
      lastName,
      gradeLevel,
      house,
      externalStudentId: externalId,
    }),
  );
  return { ...withOwner(period, user), students, coTeacherList };
}

export async function setCoTeachers(
  db: Queryable,
  user: AuthUser,
  id: string,
  coTeachers: string[],
): Promise<Period> {
  const period = await getPeriodFor(db, user, id);
  if (!period.isOwner && scopeOf(user, 'periods:coTeachers') !== 'school')
    throw forbidden(msg('msg.classTeacherCoTeachers'));
  const wanted = [...new Set(coTeachers)];
  if (wanted.includes(period.externalTeacherId)) throw badRequest(msg('msg.coTeacherIsTeacher'));
  if (wanted.length) {
    const found = await db
      .select({ externalId: users.externalId })
      .from(users)
      .where(
        and(eq(users.schoolId, user.schoolId), inArray(users.externalId, wanted), mayTeachSql),
      );
    const known = new Set(found.map((f) => f.externalId));
    const unknown = wanted.filter((w) => !known.has(w));
    if (unknown.length)
      throw badRequest(msg('msg.coTeacherNotTeacher', { ids: unknown.join(', ') }));
  }
  await db
    .update(periods)
    .set({ coTeachers: wanted })
    .where(and(eq(periods.schoolId, user.schoolId), eq(periods.id, id)));
  forgetSessions(db); // co-teachers' period counts (their rights) changed: no cached session keeps the old ones here
  return getPeriodFor(db, user, id);
}

/** GET utility/teacher/period-meta: the user's own periods and how many students they hold. */
export async function periodMeta(db: Queryable, u: AuthUser): Promise<PeriodMeta> {
  const mine = await listPeriods(db, u, 'mine');
  return {
    periodCount: mine.length,
    studentCount: mine.reduce((n, p) => n + p.studentCount, 0),
    periods: mine.map((p) => ({
      _id: p._id,
      label: p.label,
      name: p.name,
      periodNumber: p.periodNumber,
      sectionNumbers: p.sectionNumbers,
      studentCount: p.studentCount,
      isOwner: p.isOwner,
      coTeacherDisplayName: p.coTeacherDisplayName,
    })),
  };
}

/** GET utility/list/co-teachers: the school's other users who may teach a period, by name. */
export async function coTeacherCandidates(db: Queryable, u: AuthUser): Promise<Person[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, u.schoolId), ne(users.id, u.id), mayTeachSql))
    .orderBy(users.lastName, users.firstName);
  return rows.map(presentPerson);
}
