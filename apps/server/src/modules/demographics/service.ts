import { and, eq, sql } from 'drizzle-orm';
import {
  DEMOGRAPHIC_FLAGS,
  NO_DEMOGRAPHICS,
  type Demographics,
  type DemographicsAnswer,
  type DemographicsBody,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { studentDemographics } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden } from '../../lib/errors.js';
import { requireScope } from '../../access/permission.js';
import { studentFor } from '../../access/students.js';

/*
 * One student's demographics (issue 34): sensitive, read only by `reports:equity` (school and
 * super admins, the school's PBIS coordinators), changed by admins, written by the OneRoster
 * import. No answer a student, a guardian or a teacher reads carries them: only these calls and
 * the fairness report's counts read the table.
 */

type Row = typeof studentDemographics.$inferSelect;

const present = (studentId: string, row: Row | undefined): DemographicsAnswer => ({
  studentId,
  sex: row?.sex ?? null,
  ...(Object.fromEntries(DEMOGRAPHIC_FLAGS.map((f) => [f, row?.[f] ?? null])) as Omit<
    Demographics,
    'sex'
  >),
  updatedAt: row ? row.updatedAt.toISOString() : null,
});

const rowOf = (db: Queryable, schoolId: string, studentId: string) =>
  db
    .select()
    .from(studentDemographics)
    .where(
      and(eq(studentDemographics.schoolId, schoolId), eq(studentDemographics.studentId, studentId)),
    );

/** GET students/{id}/demographics: another school's or an unknown student is 404; nothing recorded reads as all null. */
export async function studentDemographicsOf(
  db: Queryable,
  me: AuthUser,
  studentId: string,
): Promise<DemographicsAnswer> {
  if (requireScope(me, 'reports:equity') !== 'school') throw forbidden();
  const s = await studentFor(db, me, 'reports:equity', studentId);
  const [row] = await rowOf(db, me.schoolId, s.id);
  return present(s.id, row);
}

/**
 * PUT students/{id}/demographics: the fields sent (null: unknown), the others kept. An admin's call
 * (the route's action `settings:users`, who edit people), who must also read demographics
 * (`reports:equity`: the answer carries them).
 */
export async function setStudentDemographics(
  db: Queryable,
  me: AuthUser,
  studentId: string,
  body: DemographicsBody,
): Promise<DemographicsAnswer> {
  if (requireScope(me, 'settings:users') !== 'school') throw forbidden();
  if (requireScope(me, 'reports:equity') !== 'school') throw forbidden();
  const s = await studentFor(db, me, 'reports:equity', studentId);
  const set: Partial<Demographics> = {};
  for (const f of ['sex', ...DEMOGRAPHIC_FLAGS] as const)
    if (body[f] !== undefined) Object.assign(set, { [f]: body[f] });
  const [row] = await db
    .insert(studentDemographics)
    .values({ schoolId: me.schoolId, studentId: s.id, ...NO_DEMOGRAPHICS, ...set })
    .onConflictDoUpdate({
      target: [studentDemographics.schoolId, studentDemographics.studentId],
      set: { ...set, updatedAt: sql`now()` },
    })
    .returning();
  return present(s.id, row);
}

/**
 * The OneRoster import's demographics (demographics.csv), inside its transaction: each student named
 * gets the file's values whole (a field the file leaves blank becomes unknown); a student the file
 * does not name keeps theirs.
 */
export async function writeImportedDemographics(
  tx: Queryable,
  schoolId: string,
  rows: readonly { studentId: string; demographics: Demographics }[],
): Promise<void> {
  const CHUNK = 500;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await tx
      .insert(studentDemographics)
      .values(part.map((r) => ({ schoolId, studentId: r.studentId, ...r.demographics })))
      .onConflictDoUpdate({
        target: [studentDemographics.schoolId, studentDemographics.studentId],
        set: Object.fromEntries([
          ...(['sex', ...DEMOGRAPHIC_FLAGS] as const).map((f) => [
            f,
            sql.raw(`excluded.${studentDemographics[f].name}`),
          ]),
          ['updatedAt', sql`now()`],
        ]),
      });
  }
}
