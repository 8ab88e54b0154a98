import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clockNow,
  diffRoster,
  MAX_ROSTER_ISSUES,
  MSG,
  readRoster,
  todayIn,
  type CurrentRoster,
  type Roster,
  type RosterDryRun,
  type RosterImport,
  type RosterIssue,
  type RosterPlan,
  type RosterSummary,
} from '@app/domain';
import { rowsOf, type Database, type Queryable, type Tx } from '../../db/client.js';
import { isStudentSql } from '../../access/students.js';
import { vacuumAnalyze } from '../../db/analyze.js';
import {
  guardianStudents,
  periods,
  periodStudents,
  rosterImports,
  rosterUsers,
  sessions,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { pgArray } from '../../lib/pg-array.js';
import type { ReadFiles } from './files.js';
import { finishJob, jobOf, runningJobOf, startJob, type Job } from './jobs.js';

/** Rows per statement of the import's writes (and per step of its progress). */
const CHUNK = 500;

interface Checked {
  files: string[];
  roster: Roster | null;
  errors: RosterIssue[];
  errorCount: number;
  warnings: RosterIssue[];
  warningCount: number;
}

/** The files' problems (the CSV's own first), and the roster they describe when there are none. */
function check(u: AuthUser, read: ReadFiles): Checked {
  const reading = readRoster(read.tables, u.school, todayIn(u.school.timeZone));
  const errors = [...read.issues, ...reading.errors].slice(0, MAX_ROSTER_ISSUES);
  const errorCount = read.issueCount + reading.errorCount;
  return {
    files: read.files,
    roster: errorCount ? null : reading.roster,
    errors,
    errorCount,
    warnings: reading.warnings,
    warningCount: reading.warningCount,
  };
}

/** The school's people, periods and guardians' links as the diff needs them: three reads. */
async function currentRoster(db: Queryable, schoolId: string): Promise<CurrentRoster> {
  const people = await db
    .select({
      id: users.id,
      externalId: users.externalId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: users.roles,
      gradeLevel: users.gradeLevel,
      managed: sql<boolean>`${rosterUsers.userId} is not null`,
      // Left in an earlier import, or when a year opened: named again, they come back.
      left: sql<boolean>`(${rosterUsers.leftAt} is not null or ${users.leftAt} is not null)`,
    })
    .from(users)
    .leftJoin(
      rosterUsers,
      and(eq(rosterUsers.schoolId, users.schoolId), eq(rosterUsers.userId, users.id)),
    )
    .where(eq(users.schoolId, schoolId));
  const rows = await db
    .select({
      id: periods.id,
      sourceId: periods.sourceId,
      name: periods.name,
      teacherExternalId: periods.externalTeacherId,
      coTeachers: periods.coTeachers,
      periodNumber: periods.periodNumber,
      sectionNumbers: periods.sectionNumbers,
      students: sql<string[]>`coalesce((
        select array_agg(s.external_id order by s.external_id)
        from ${periodStudents} ps join ${users} s on s.school_id = ps.school_id and s.id = ps.student_id
        where ps.school_id = "periods"."school_id" and ps.period_id = "periods"."id"
      ), '{}'::text[])`,
    })
    .from(periods)
    .where(eq(periods.schoolId, schoolId));
  // PGlite gives text[] from a subquery as a string on some paths; normalise.
  const guardian = alias(users, 'guardian');
  const child = alias(users, 'child');
  const links = await db
    .select({ guardian: guardian.externalId, student: child.externalId })
    .from(guardianStudents)
    .innerJoin(
      guardian,
      and(
        eq(guardian.schoolId, guardianStudents.schoolId),
        eq(guardian.id, guardianStudents.guardianId),
      ),
    )
    .innerJoin(
      child,
      and(eq(child.schoolId, guardianStudents.schoolId), eq(child.id, guardianStudents.studentId)),
    )
    .where(eq(guardianStudents.schoolId, schoolId));
  return {
    people: people.map((p) => ({ ...p, managed: Boolean(p.managed), left: Boolean(p.left) })),
    periods: rows.map((p) => ({ ...p, students: pgList(p.students) })),
    guardianLinks: links,
  };
}

const pgList = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
        .map((x) => x.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));

/** POST roster/dry-run: the files checked, and what importing them would change now. */
export async function dryRun(db: Queryable, u: AuthUser, read: ReadFiles): Promise<RosterDryRun> {
  const c = check(u, read);
  const summary = c.roster
    ? diffRoster(c.roster, await currentRoster(db, u.schoolId)).summary
    : null;
  return {
    files: c.files,
    errors: c.errors,
    errorCount: c.errorCount,
    warnings: c.warnings,
    warningCount: c.warningCount,
    summary,
  };
}

/** The files' problems: the import is refused with them, nothing written. */
export class RosterRejected extends HttpError {
  constructor(
    readonly errors: RosterIssue[],
    readonly errorCount: number,
  ) {
    super(400, MSG.rosterHasErrors(errorCount));
  }
}

/**
 * POST roster/import: checks the files (refused with their problems), then imports them in the
 * background in one transaction, and answers at once with the job to poll (docs/decisions/054-roster-import-job.md).
 */
export async function startImport(
  database: Database,
  u: AuthUser,
  read: ReadFiles,
  log: (err: unknown) => void,
): Promise<RosterImport> {
  const c = check(u, read);
  if (!c.roster) throw new RosterRejected(c.errors, c.errorCount);
  if (runningJobOf(u.schoolId)) throw conflict(MSG.rosterRunning);
  const db = database.db;
  const [row] = await db
    .insert(rosterImports)
    .values({ schoolId: u.schoolId, status: 'running', startedBy: u.id })
    .returning({ id: rosterImports.id });
  const job = startJob(row!.id, u.schoolId);
  const roster = c.roster;
  job.promise = (async () => {
    try {
      const summary = await db.transaction(async (tx) => {
        // One import per school at a time, across servers too.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`roster-import:${u.schoolId}`}))`,
        );
        // The diff is taken again inside the transaction: the school may have changed since the dry run.
        const { plan, summary } = diffRoster(roster, await currentRoster(tx, u.schoolId));
        job.total = plan.size;
        job.phase = 'writing';
        await applyPlan(tx, u.schoolId, plan, (n) => (job.done += n));
        return summary;
      });
      job.summary = summary;
      await db
        .update(rosterImports)
        .set({ status: 'done', total: job.total ?? 0, summary, finishedAt: new Date() })
        .where(and(eq(rosterImports.schoolId, u.schoolId), eq(rosterImports.id, job.id)));
      finishJob(job, 'done');
      // The planner's statistics after a bulk write (README): a failure here loses no data.
      if ((job.total ?? 0) > 1000)
        await vacuumAnalyze(db, [users, periods, periodStudents, rosterUsers]).catch(log);
    } catch (err) {
      log(err);
      finishJob(job, 'failed', MSG.rosterFailed);
      await db
        .update(rosterImports)
        .set({ status: 'failed', message: MSG.rosterFailed, finishedAt: new Date() })
        .where(and(eq(rosterImports.schoolId, u.schoolId), eq(rosterImports.id, job.id)))
        .catch(log);
    }
  })();
  return present(job);
}

const present = (j: Job): RosterImport => ({
  _id: j.id,
  status: j.status,
  phase: j.phase,
  done: j.done,
  total: j.total,
  summary: j.summary,
  message: j.message,
});

/** GET roster/import/{id}: this server's live progress, or the import's row (another server ran it). */
export async function importStatus(db: Queryable, u: AuthUser, id: string): Promise<RosterImport> {
  if (!isUuid(id)) throw notFound();
  const job = jobOf(id);
  if (job && job.schoolId === u.schoolId) return present(job);
  const [row] = await db
    .select()
    .from(rosterImports)
    .where(and(eq(rosterImports.schoolId, u.schoolId), eq(rosterImports.id, id)));
  if (!row) throw notFound();
  const finished = row.status !== 'running';
  return {
    _id: row.id,
    status: row.status,
    phase: row.status === 'running' ? 'writing' : row.status,
    done: finished ? row.total : null,
    total: finished ? row.total : null,
    summary: (row.summary as RosterSummary | null) ?? null,
    message: row.message,
  };
}

function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/** The plan's writes, in an order where every id a write needs exists: people, periods, enrollments. */
async function applyPlan(
  tx: Tx,
  schoolId: string,
  plan: RosterPlan,
  progress: (n: number) => void,
): Promise<void> {
  const idOf = new Map<string, string>();
  for (const part of chunks(plan.insertPeople)) {
    const made = await tx
      .insert(users)
      .values(
        part.map((p) => ({
          schoolId,
          externalId: p.sourcedId,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          roles: p.roles,
          gradeLevel: p.gradeLevel,
        })),
      )
      .returning({ id: users.id, externalId: users.externalId });
    for (const m of made) idOf.set(m.externalId, m.id);
    progress(part.length);
  }
  for (const part of chunks(plan.updatePeople)) {
    // One statement per chunk: the new values joined by id.
    await tx.execute(sql`
      update ${users} u set first_name = v.first_name, last_name = v.last_name, email = v.email, grade_level = v.grade_level,
        roles = string_to_array(v.roles, ',')
      from unnest(${pgArray(
        part.map((p) => p.id),
        'uuid',
      )}, ${pgArray(
        part.map((p) => p.firstName),
        'text',
      )}, ${pgArray(
        part.map((p) => p.lastName),
        'text',
      )},
        ${pgArray(
          part.map((p) => p.email),
          'text',
        )}, ${pgArray(
          part.map((p) => p.gradeLevel),
          'text',
        )}, ${pgArray(
          part.map((p) => p.roles.join(',')),
          'text',
        )})
        as v(id, first_name, last_name, email, grade_level, roles)
      where u.school_id = ${schoolId} and u.id = v.id`);
    progress(part.length);
  }
  const managed = [...idOf.values(), ...plan.manage];
  const manage = new Set(plan.manage);
  // Who comes back is a current user again: listed, counted, signs in (docs/decisions/128-leavers-are-archived.md).
  for (const part of chunks(plan.manage))
    await tx.execute(sql`update ${users} set left_at = null
      where school_id = ${schoolId} and id = any(${pgArray(part, 'uuid')}) and left_at is not null`);
  for (const part of chunks(managed)) {
    await tx
      .insert(rosterUsers)
      .values(part.map((userId) => ({ schoolId, userId })))
      .onConflictDoUpdate({
        target: [rosterUsers.schoolId, rosterUsers.userId],
        set: { leftAt: null, updatedAt: sql`now()` },
      });
    progress(part.filter((id) => manage.has(id)).length);
  }
  for (const part of chunks(plan.leave)) {
    const ids = pgArray(
      part.map((l) => l.id),
      'uuid',
    );
    await tx.execute(sql`update ${rosterUsers} set left_at = now(), updated_at = now()
      where school_id = ${schoolId} and user_id = any(${ids})`);
    // A student who leaves is archived as the year's leavers are: in no current list, signs in no
    // more (docs/decisions/128-leavers-are-archived.md). Staff keep their account
    // (docs/decisions/055-roster-leavers.md).
    const leftAt = clockNow().toISOString();
    const leftIds = rowsOf<{ id: string }>(
      await tx.execute(sql`update ${users} set left_at = ${leftAt}::timestamptz
        where school_id = ${schoolId} and id = any(${ids}) and ${isStudentSql(sql`roles`)} and left_at is null
        returning id`),
    ).map((r) => r.id);
    if (leftIds.length)
      await tx.execute(sql`update ${sessions} set revoked_at = now()
        where school_id = ${schoolId} and user_id = any(${pgArray(leftIds, 'uuid')}) and revoked_at is null`);
    // A teacher who leaves is no one's co-teacher any more.
    await tx.execute(sql`update ${periods} p set co_teachers = array(select c from unnest(p.co_teachers) c where c <> all(${pgArray(
      part.map((l) => l.externalId),
      'text',
    )}))
      where p.school_id = ${schoolId} and p.co_teachers && ${pgArray(
        part.map((l) => l.externalId),
        'text',
      )}`);
    progress(part.length);
  }

  // Every person of the files exists now: teachers by sourcedId.
  const people = await tx
    .select({ id: users.id, externalId: users.externalId })
    .from(users)
    .where(eq(users.schoolId, schoolId));
  for (const p of people) idOf.set(p.externalId, p.id);
  const teacherId = (sourcedId: string) => {
    const id = idOf.get(sourcedId);
    if (!id) throw new Error(`roster import: no user for teacher ${sourcedId}`);
    return id;
  };
  for (const part of chunks(plan.insertPeriods)) {
    await tx.insert(periods).values(
      part.map((c) => ({
        schoolId,
        sourceId: c.sourcedId,
        name: c.name,
        teacherId: teacherId(c.teacher),
        externalTeacherId: c.teacher,
        coTeachers: c.coTeachers,
        periodNumber: c.periodNumber,
        sectionNumbers: c.sectionNumbers,
      })),
    );
    progress(part.length);
  }
  for (const c of plan.updatePeriods) {
    await tx
      .update(periods)
      .set({
        name: c.name,
        teacherId: teacherId(c.teacher),
        externalTeacherId: c.teacher,
        coTeachers: c.coTeachers,
        periodNumber: c.periodNumber,
        sectionNumbers: c.sectionNumbers,
      })
      .where(and(eq(periods.schoolId, schoolId), eq(periods.id, c.id)));
    progress(1);
  }

  for (const part of chunks(plan.removeEnrollments)) {
    await tx.execute(sql`delete from ${periodStudents} ps using unnest(${pgArray(
      part.map((e) => e.periodId),
      'uuid',
    )}, ${pgArray(
      part.map((e) => e.studentId),
      'uuid',
    )}) as v(period_id, student_id)
      where ps.school_id = ${schoolId} and ps.period_id = v.period_id and ps.student_id = v.student_id`);
    progress(part.length);
  }
  if (plan.addEnrollments.length) {
    const sourced = await tx
      .select({ id: periods.id, sourceId: periods.sourceId })
      .from(periods)
      .where(and(eq(periods.schoolId, schoolId), sql`${periods.sourceId} is not null`));
    const periodOf = new Map(sourced.map((p) => [p.sourceId!, p.id]));
    for (const part of chunks(plan.addEnrollments)) {
      await tx
        .insert(periodStudents)
        .values(
          part.map((e) => ({
            schoolId,
            periodId: periodOf.get(e.classSourcedId)!,
            studentId: idOf.get(e.studentSourcedId)!,
          })),
        )
        .onConflictDoNothing();
      progress(part.length);
    }
  }

  // Guardians' links (docs/decisions/115-guardians.md): every id exists by now.
  for (const part of chunks(plan.removeGuardianLinks)) {
    await tx.execute(sql`delete from ${guardianStudents} g using unnest(${pgArray(
      part.map((l) => l.guardianId),
      'uuid',
    )}, ${pgArray(
      part.map((l) => l.studentId),
      'uuid',
    )}) as v(guardian_id, student_id)
      where g.school_id = ${schoolId} and g.guardian_id = v.guardian_id and g.student_id = v.student_id`);
    progress(part.length);
  }
  for (const part of chunks(plan.addGuardianLinks)) {
    await tx
      .insert(guardianStudents)
      .values(
        part.map((l) => ({
          schoolId,
          guardianId: idOf.get(l.guardian)!,
          studentId: idOf.get(l.student)!,
        })),
      )
      .onConflictDoNothing();
    progress(part.length);
  }
}
