import { and, eq, sql } from 'drizzle-orm';
import { clockNow, type RosterPlan } from '@app/domain';
import { rowsOf, type Tx } from '../../db/client.js';
import { isStudentSql } from '../../access/students.js';
import {
  guardianStudents,
  periods,
  periodStudents,
  rosterUsers,
  sessions,
  users,
} from '../../db/schema.js';
import { pgArray } from '../../lib/pg-array.js';

/** Rows per statement of the import's writes (and per step of its progress). */
const CHUNK = 500;

function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/** The plan's writes, in an order where every id a write needs exists: people, periods, enrollments. */
export async function applyPlan(
  tx: Tx,
  schoolId: string,
  plan: RosterPlan,
  progress: (n: number) => void,
): Promise<void> {
  const w: Writing = { tx, schoolId, plan, progress, idOf: new Map<string, string>() };
  await writePeople(w);
  await manageAndLeave(w);
  await writePeriods(w);
  await writeEnrollments(w);
  await writeGuardianLinks(w);
}

/** What the steps of applyPlan share; `idOf`: a user's id by sourcedId, as they are written. */
interface Writing {
  tx: Tx;
  schoolId: string;
  plan: RosterPlan;
  progress: (n: number) => void;
  idOf: Map<string, string>;
}

/** New people, and the changes of those who are here. */
async function writePeople(w: Writing) {
  const { tx, schoolId, plan, progress, idOf } = w;
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
}

/** The people the import manages (those it made, and those it takes on or who come back), and those who leave. */
async function manageAndLeave(w: Writing) {
  const { tx, schoolId, plan, progress, idOf } = w;
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
}

/** Periods made and changed; every person of the files exists now: teachers by sourcedId. */
async function writePeriods(w: Writing) {
  const { tx, schoolId, plan, progress, idOf } = w;
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
}

async function writeEnrollments(w: Writing) {
  const { tx, schoolId, plan, progress, idOf } = w;
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
}

/** Guardians' links (docs/decisions/115-guardians.md): every id exists by now. */
async function writeGuardianLinks(w: Writing) {
  const { tx, schoolId, plan, progress, idOf } = w;
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
