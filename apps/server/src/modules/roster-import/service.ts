import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  diffRoster,
  englishOf,
  MAX_ROSTER_ISSUES,
  MSG,
  msg,
  readRoster,
  rosterHasErrorsMessage,
  todayIn,
  type CurrentRoster,
  type Message,
  type Roster,
  type RosterDryRun,
  type RosterImport,
  type RosterIssue,
  type RosterSummary,
} from '@app/domain';
import type { Database, Queryable } from '../../db/client.js';
import { vacuumAnalyze } from '../../db/analyze.js';
import {
  guardianStudents,
  periods,
  periodStudents,
  rosterImports,
  rosterUsers,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { applyPlan } from './apply.js';
import { importDemographics } from './demographics.js';
import type { ReadFiles } from './files.js';
import { finishJob, jobOf, runningJobOf, startJob, type Job } from './jobs.js';

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

/** The problems as answered: each reason written by `say`, in the request's language. */
export const issuesSaid = (issues: readonly RosterIssue[], say: (m: Message) => string) =>
  issues.map((i) => ({ file: i.file, line: i.line, reason: say(i.reason) }));

/**
 * POST roster/dry-run: the files checked, and what importing them would change now; `say` writes
 * the problems in the request's language.
 */
export async function dryRun(
  db: Queryable,
  u: AuthUser,
  read: ReadFiles,
  say: (m: Message) => string = englishOf,
): Promise<RosterDryRun> {
  const c = check(u, read);
  const summary = c.roster
    ? diffRoster(c.roster, await currentRoster(db, u.schoolId)).summary
    : null;
  return {
    files: c.files,
    errors: issuesSaid(c.errors, say),
    errorCount: c.errorCount,
    warnings: issuesSaid(c.warnings, say),
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
    super(400, rosterHasErrorsMessage(errorCount));
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
  if (runningJobOf(u.schoolId)) throw conflict(msg('msg.rosterRunning'));
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
        await importDemographics(tx, u.schoolId, roster.demographics);
        return summary;
      });
      job.summary = summary;
      await db
        .update(rosterImports)
        .set({ status: 'done', total: job.total ?? 0, summary, finishedAt: new Date() })
        .where(and(eq(rosterImports.schoolId, u.schoolId), eq(rosterImports.id, job.id)));
      finishJob(job, 'done');
      // The planner's statistics after a bulk write (docs/operations.md): a failure here loses no data.
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
