import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BADGE_RANDOM_SYMBOLS,
  CARD_ALPHABET,
  cardCheckSymbol,
  msg,
  normalizeBadgeCode,
  type BadgeStudent,
} from '@app/domain';
import { periodFor } from '../../access/periods.js';
import { requireScope } from '../../access/permission.js';
import { isCurrentStudentRow, studentFor, studentsInScope } from '../../access/students.js';
import type { Db, Queryable } from '../../db/client.js';
import { periodStudents, studentBadges, userErasures, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { refuseDisabledSchool } from '../auth/service.js';

/*
 * Students' badges (issue 35, docs/decisions/139-badges-and-counter.md). A badge code identifies a
 * student to whoever may give to them and signs no one in, so it is kept as it is and printed
 * again and again: a student's code is made at their first printing and kept, until an admin
 * replaces a lost badge (the old code then names no one).
 */

/** A student's badge: the code in its stored form (formatBadgeCode prints it). */
export interface StudentBadge {
  studentId: string;
  /** The roster id a give names the student by. */
  externalId: string;
  firstName: string;
  lastName: string;
  code: string;
}

/** The class a printing was for. */
export interface BadgeClass {
  periodNumber: number;
  name: string;
}

/** A new code: 8 random symbols of Crockford's base 32 (40 bits) and the check symbol. */
export function newBadgeCode(): string {
  // 256 is a multiple of 32: the low five bits of a random byte are uniform.
  const random = [...randomBytes(BADGE_RANDOM_SYMBOLS)].map((b) => CARD_ALPHABET[b & 31]).join('');
  return random + cardCheckSymbol(random);
}

type Student = { id: string; externalId: string; firstName: string; lastName: string };

/** Badges come in the order of the class list, by last name (an accent sorts with its letter). */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** Who was erased has no badge and gets none (docs/decisions/093-erasing-a-student.md). */
const notErased = sql`not exists (select 1 from ${userErasures} e where e.school_id = ${users.schoolId} and e.user_id = ${users.id})`;

/** A class's current students, in class-list order. */
async function studentsOfPeriod(db: Queryable, u: AuthUser, periodId: string): Promise<Student[]> {
  const rows = await db
    .select({
      id: users.id,
      externalId: users.externalId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(periodStudents)
    .innerJoin(
      users,
      and(eq(users.schoolId, periodStudents.schoolId), eq(users.id, periodStudents.studentId)),
    )
    .where(
      and(
        eq(periodStudents.schoolId, u.schoolId),
        eq(periodStudents.periodId, periodId),
        isCurrentStudentRow,
        notErased,
      ),
    )
    .orderBy(users.id);
  return rows.sort(
    (x, y) => byName.compare(x.lastName, y.lastName) || byName.compare(x.firstName, y.firstName),
  );
}

/**
 * A student the caller names for a badge, refused as a sign-in card's would be: unknown or
 * another school's 404, out of the caller's reach for `action` 403, left or erased 400.
 */
async function namedStudent(
  db: Queryable,
  u: AuthUser,
  action: 'badges:print' | 'badges:replace',
  studentId: string,
): Promise<Student> {
  const s = await studentFor(db, u, action, studentId);
  if (s.leftAt) throw badRequest(msg('msg.studentLeftSchool'));
  const [erased] = await db
    .select({ id: userErasures.id })
    .from(userErasures)
    .where(and(eq(userErasures.schoolId, u.schoolId), eq(userErasures.userId, s.id)))
    .limit(1);
  if (erased) throw badRequest(msg('msg.alreadyErased'));
  return { id: s.id, externalId: s.externalId, firstName: s.firstName, lastName: s.lastName };
}

/**
 * Each student's code, a new one for who has none. A new code may meet another student's (the
 * unique index), or a printing at the same moment may have made the student's: the insert then
 * leaves the row out, and the next round reads theirs or tries another code.
 */
async function codesOf(tx: Queryable, u: AuthUser, ids: string[]): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  if (!ids.length) return codes;
  for (let round = 0; round < 5; round++) {
    const rows = await tx
      .select({ studentId: studentBadges.studentId, code: studentBadges.code })
      .from(studentBadges)
      .where(and(eq(studentBadges.schoolId, u.schoolId), inArray(studentBadges.studentId, ids)));
    for (const r of rows) codes.set(r.studentId, r.code);
    const missing = ids.filter((id) => !codes.has(id));
    if (!missing.length) return codes;
    await tx
      .insert(studentBadges)
      .values(
        missing.map((studentId) => ({
          schoolId: u.schoolId,
          studentId,
          code: newBadgeCode(),
          createdBy: u.id,
        })),
      )
      .onConflictDoNothing();
  }
  throw new Error('no free badge code after 5 rounds');
}

/**
 * POST badges and the PDF: the badges of a class's current students (a class the caller covers),
 * or of the students named (each checked first: one refusal refuses the printing). A student
 * keeps their code; who has none gets one.
 */
export async function printBadges(
  db: Db,
  u: AuthUser,
  input: { studentIds?: string[]; periodId?: string },
): Promise<{ badges: StudentBadge[]; period: BadgeClass | null }> {
  return db.transaction(async (tx) => {
    await refuseDisabledSchool(tx, u.schoolId);
    let students: Student[];
    let period: BadgeClass | null = null;
    if (input.periodId) {
      const p = await periodFor(tx, u, 'badges:print', input.periodId);
      period = { periodNumber: p.periodNumber, name: p.name };
      students = await studentsOfPeriod(tx, u, p.id);
    } else {
      students = [];
      for (const id of new Set(input.studentIds ?? []))
        students.push(await namedStudent(tx, u, 'badges:print', id));
    }
    const codes = await codesOf(
      tx,
      u,
      students.map((s) => s.id),
    );
    const badges = students.map((s) => ({
      studentId: s.id,
      externalId: s.externalId,
      firstName: s.firstName,
      lastName: s.lastName,
      code: codes.get(s.id)!,
    }));
    return { badges, period };
  });
}

/** POST badges/{studentId}/replace: a lost badge; the student gets a new code, the old names no one. */
export async function replaceBadge(db: Db, u: AuthUser, studentId: string): Promise<StudentBadge> {
  return db.transaction(async (tx) => {
    await refuseDisabledSchool(tx, u.schoolId);
    const s = await namedStudent(tx, u, 'badges:replace', studentId);
    await tx
      .delete(studentBadges)
      .where(and(eq(studentBadges.schoolId, u.schoolId), eq(studentBadges.studentId, s.id)));
    const code = (await codesOf(tx, u, [s.id])).get(s.id)!;
    return {
      studentId: s.id,
      externalId: s.externalId,
      firstName: s.firstName,
      lastName: s.lastName,
      code,
    };
  });
}

/** The user a typed or scanned badge code names: a current student of the school, or null. */
async function badgeHolder(db: Queryable, schoolId: string, typed: string) {
  const code = normalizeBadgeCode(typed);
  if (!code) return null;
  const [row] = await db
    .select({ user: users })
    .from(studentBadges)
    .innerJoin(
      users,
      and(eq(users.schoolId, studentBadges.schoolId), eq(users.id, studentBadges.studentId)),
    )
    .where(
      and(
        eq(studentBadges.schoolId, schoolId),
        eq(studentBadges.code, code),
        isCurrentStudentRow,
        notErased,
      ),
    )
    .limit(1);
  return row?.user ?? null;
}

/**
 * GET students/by-badge/{code}: the student a badge names, for a caller who may give to them (the
 * give's own rule, 'activity:give'). A student out of the caller's reach is answered exactly as a
 * code that names no one (404): a badge seen in the hallway tells nothing of who is not yours.
 */
export async function studentByBadge(
  db: Queryable,
  u: AuthUser,
  code: string,
): Promise<BadgeStudent> {
  requireScope(u, 'activity:give');
  const s = await badgeHolder(db, u.schoolId, code);
  if (!s) throw notFound(msg('msg.badgeNotFound'));
  const reach = await studentsInScope(db, u, 'activity:give');
  if (reach !== 'school' && !reach.has(s.id)) throw notFound(msg('msg.badgeNotFound'));
  return {
    id: s.id,
    _id: s.id,
    externalId: s.externalId,
    name: `${s.firstName} ${s.lastName}`.trim(),
    firstName: s.firstName,
    lastName: s.lastName,
    grade: s.gradeLevel,
    house: s.house,
    // Students have no picture yet: the screens show their initials.
    picture: null,
  };
}
