import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import {
  CARD_ALPHABET,
  CARD_RANDOM_SYMBOLS,
  cardCheckSymbol,
  cardSignInName,
  msg,
  normalizeCardCode,
  onlyStudent,
  rolesCover,
} from '@app/domain';
import { periodFor, teaches } from '../../access/periods.js';
import { isCurrentStudentRow } from '../../access/students.js';
import { SIGN_IN_ACTION, studentToSignIn } from '../../access/student-sign-in.js';
import type { Db, Queryable } from '../../db/client.js';
import {
  credentials,
  periods,
  periodStudents,
  schools,
  signInCards,
  userErasures,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { HttpError } from '../../lib/errors.js';
import type { SignInDevice } from '../../lib/sign-in-devices.js';
import { limitedSignIn } from '../../lib/sign-in-limits.js';
import { hashPassword, hashToken } from '../../lib/tokens.js';
import { refuseDisabledSchool } from '../auth/service.js';

/*
 * Sign-in cards and passwords set by staff (docs/decisions/133-sign-in-cards.md). A student has at
 * most one live card: printing makes a new code for each student named and the old one stops
 * working; only the SHA-256 of the normalized code is kept. Nothing here logs a code.
 */

/** A class a card names. */
export interface CardClass {
  periodNumber: number;
  name: string;
}

/** A card just made: its code is answered this once. */
export interface NewCard {
  studentId: string;
  firstName: string;
  lastName: string;
  /** The stored form, which the QR code holds. */
  code: string;
  /** The class printed on the card: the one printed for, else one of theirs (null: none). */
  period: CardClass | null;
}

/** A new code: 14 random symbols of Crockford's base 32 (70 bits) and the check symbol. */
export function newCardCode(): string {
  // 256 is a multiple of 32: the low five bits of a random byte are uniform.
  const random = [...randomBytes(CARD_RANDOM_SYMBOLS)].map((b) => CARD_ALPHABET[b & 31]).join('');
  return random + cardCheckSymbol(random);
}

type Student = { id: string; firstName: string; lastName: string };

/** Cards come in the order of the class list, by last name (an accent sorts with its letter). */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** Who left or was erased gets no card: neither in a class's printing nor by name. */
const notErased = sql`not exists (select 1 from ${userErasures} e where e.school_id = ${users.schoolId} and e.user_id = ${users.id})`;

/** The students of a class who get a card: current students holding no other role, whom the caller covers. */
async function studentsOfPeriod(db: Queryable, u: AuthUser, periodId: string): Promise<Student[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: users.roles,
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
  return rows
    .filter((r) => onlyStudent(r.roles) && rolesCover(u.roles, r.roles))
    .sort(
      (x, y) => byName.compare(x.lastName, y.lastName) || byName.compare(x.firstName, y.firstName),
    );
}

/** For each student, the class their card names: one the caller teaches first, then by period number. */
async function classesOf(
  db: Queryable,
  u: AuthUser,
  ids: string[],
): Promise<Map<string, CardClass>> {
  const rows = ids.length
    ? await db
        .select({
          studentId: periodStudents.studentId,
          periodNumber: periods.periodNumber,
          name: periods.name,
          teacherId: periods.teacherId,
          coTeachers: periods.coTeachers,
        })
        .from(periodStudents)
        .innerJoin(
          periods,
          and(
            eq(periods.schoolId, periodStudents.schoolId),
            eq(periods.id, periodStudents.periodId),
          ),
        )
        .where(and(eq(periodStudents.schoolId, u.schoolId), inArray(periodStudents.studentId, ids)))
    : [];
  const rank = (r: (typeof rows)[number]) => (teaches(r, u) ? 0 : 1);
  rows.sort(
    (a, b) =>
      rank(a) - rank(b) || a.periodNumber - b.periodNumber || a.name.localeCompare(b.name, 'en'),
  );
  const out = new Map<string, CardClass>();
  for (const r of rows)
    if (!out.has(r.studentId)) out.set(r.studentId, { periodNumber: r.periodNumber, name: r.name });
  return out;
}

/**
 * New cards for the students named, or for a class's students (POST sign-in-cards and the PDF),
 * in one transaction: every student named is checked first (studentToSignIn: 404, 403 or 400
 * refuses the whole printing), a class leaves out who gets no card. Each student's earlier card
 * stops working.
 */
export async function printCards(
  db: Db,
  u: AuthUser,
  input: { studentIds?: string[]; periodId?: string },
): Promise<{ cards: NewCard[]; period: CardClass | null }> {
  return db.transaction(async (tx) => {
    await refuseDisabledSchool(tx, u.schoolId);
    let students: Student[];
    let period: CardClass | null = null;
    if (input.periodId) {
      const p = await periodFor(tx, u, SIGN_IN_ACTION, input.periodId);
      period = { periodNumber: p.periodNumber, name: p.name };
      students = await studentsOfPeriod(tx, u, p.id);
    } else {
      students = [];
      for (const id of new Set(input.studentIds ?? []))
        students.push(await studentToSignIn(tx, u, id, { current: true }));
    }
    const classes = period
      ? null
      : await classesOf(
          tx,
          u,
          students.map((s) => s.id),
        );
    const cards = students.map((s): NewCard => ({
      studentId: s.id,
      firstName: s.firstName,
      lastName: s.lastName,
      code: newCardCode(),
      period: period ?? classes?.get(s.id) ?? null,
    }));
    if (cards.length)
      await tx
        .insert(signInCards)
        .values(
          cards.map((c) => ({
            schoolId: u.schoolId,
            studentId: c.studentId,
            codeHash: hashToken(c.code),
            createdBy: u.id,
          })),
        )
        .onConflictDoUpdate({
          target: [signInCards.schoolId, signInCards.studentId],
          set: {
            codeHash: sql`excluded.code_hash`,
            createdAt: sql`now()`,
            createdBy: sql`excluded.created_by`,
          },
        });
    return { cards, period };
  });
}

/** DELETE sign-in-cards/{studentId}: the student's card stops working (nothing to do when they have none). */
export async function revokeCard(db: Db, u: AuthUser, studentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const s = await studentToSignIn(tx, u, studentId);
    await tx
      .delete(signInCards)
      .where(and(eq(signInCards.schoolId, u.schoolId), eq(signInCards.studentId, s.id)));
  });
}

/**
 * POST auth/login/card, under the password sign-in's limits (lib/sign-in-limits.ts) with the
 * code's first four symbols as the name. A code that cannot be a card's (a typo the check symbol
 * catches, a wrong length) is refused at once and counted nowhere: it was no guess at a card. Any
 * other wrong code is a guess at every card, so it counts against the address like a wrong
 * password of a real name. The card of a student who left, of a disabled school, or of someone
 * who holds a staff role now signs in no one.
 */
export async function cardLogin(
  db: Db,
  input: { code: string; address: string },
  device?: SignInDevice,
): Promise<{ schoolId: string; userId: string }> {
  const code = normalizeCardCode(input.code);
  if (!code) throw new HttpError(401, msg('msg.invalidLogin'));
  const check = async () => {
    const [row] = await db
      .select({
        schoolId: signInCards.schoolId,
        userId: signInCards.studentId,
        roles: users.roles,
        leftAt: users.leftAt,
        disabledAt: schools.disabledAt,
      })
      .from(signInCards)
      .innerJoin(
        users,
        and(eq(users.schoolId, signInCards.schoolId), eq(users.id, signInCards.studentId)),
      )
      .innerJoin(schools, eq(schools.id, signInCards.schoolId))
      .where(eq(signInCards.codeHash, hashToken(code)))
      .limit(1);
    const live = row && !row.leftAt && !row.disabledAt && onlyStudent(row.roles);
    return {
      known: true,
      schoolId: row?.schoolId,
      account: live ? { schoolId: row.schoolId, userId: row.userId } : null,
    };
  };
  return limitedSignIn(db, cardSignInName(code), input.address, check, device);
}

/** "firstname.lastname" in letters and digits only (accents dropped), or "student". */
function usernameBase(firstName: string, lastName: string): string {
  const part = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
  return ([part(firstName), part(lastName)].filter(Boolean).join('.') || 'student').slice(0, 60);
}

/** `base`, or `base2`, `base3`…: the first no account uses (sign-in names are global). */
async function freeUsername(db: Queryable, base: string): Promise<string> {
  const rows = await db
    .select({ username: credentials.username })
    .from(credentials)
    .where(like(credentials.username, `${base}%`));
  const taken = new Set(rows.map((r) => r.username));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}

/**
 * PUT students/{studentId}/password: a password a teacher (their classes) or an admin gives a
 * student, under account setup's rules (the route's schema). A student without a sign-in name gets
 * `firstname.lastname`, made unique; one who has a name keeps it. Their sessions go on: whoever
 * sets it is with the student, and a student signed in elsewhere is signed out by no one here.
 */
export async function setStudentPassword(
  db: Db,
  u: AuthUser,
  studentId: string,
  password: string,
): Promise<{ username: string }> {
  await studentToSignIn(db, u, studentId, { current: true }); // refused before the slow hash
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await refuseDisabledSchool(tx, u.schoolId);
    const s = await studentToSignIn(tx, u, studentId, { current: true, forUpdate: true });
    const [kept] = await tx
      .update(credentials)
      .set({ passwordHash })
      .where(and(eq(credentials.schoolId, s.schoolId), eq(credentials.userId, s.id)))
      .returning({ username: credentials.username });
    if (kept) return { username: kept.username };
    const base = usernameBase(s.firstName, s.lastName);
    // Another school may take the name meanwhile: then the next one.
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = await freeUsername(tx, base);
      const [made] = await tx
        .insert(credentials)
        .values({ username, schoolId: s.schoolId, userId: s.id, passwordHash })
        .onConflictDoNothing()
        .returning({ username: credentials.username });
      if (made) return { username: made.username };
    }
    throw new HttpError(409, msg('msg.usernameTaken'));
  });
}
