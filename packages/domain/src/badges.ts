import { z } from 'zod';
import { CARD_ALPHABET, cardCheckSymbol } from './sign-in-cards.js';

/*
 * Students' badges (issue 35, docs/decisions/139-badges-and-counter.md). A badge code identifies a
 * student to whoever may give to them; it never signs anyone in (a sign-in card is the secret). It is
 * 8 random symbols of Crockford's base 32 and a check symbol (the sign-in card's Luhn mod 32),
 * printed `K7QH-MZP9T`; typed, it is read like a card's code (any case, dashes and spaces ignored,
 * O as 0, I or L as 1). Its length tells it from a sign-in card's 15 symbols.
 */

/** Random symbols of a badge code; the check symbol follows them. */
export const BADGE_RANDOM_SYMBOLS = 8;
const BADGE_SYMBOLS = BADGE_RANDOM_SYMBOLS + 1;

/**
 * A typed or scanned badge code in its stored form (9 symbols, upper case), or null when it cannot
 * be one: a wrong length, a symbol outside the alphabet, or a check symbol that does not match.
 */
export function normalizeBadgeCode(input: string): string | null {
  const code = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== BADGE_SYMBOLS) return null;
  if ([...code].some((c) => !CARD_ALPHABET.includes(c))) return null;
  return cardCheckSymbol(code.slice(0, -1)) === code.slice(-1) ? code : null;
}

/** A badge code as printed: four symbols, a dash, five. */
export const formatBadgeCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/* ---- the calls ---- */

/** How many students one printing may name. */
export const MAX_BADGES_AT_ONCE = 500;
const studentId = z.uuid({ error: 'studentIds must hold student ids' });

/** POST badges: the students named, or a class's. Exactly one of the two. */
export const badgesBody = z
  .object({
    studentIds: z
      .array(studentId, { error: 'studentIds must be a list of student ids' })
      .min(1, { error: 'studentIds must name at least one student' })
      .max(MAX_BADGES_AT_ONCE, {
        error: `studentIds must name at most ${MAX_BADGES_AT_ONCE} students`,
      })
      .optional(),
    periodId: z.uuid({ error: 'periodId must be a class id' }).optional(),
  })
  .refine((b) => (b.studentIds === undefined) !== (b.periodId === undefined), {
    error: 'Send either studentIds or periodId, not both',
  });
export type BadgesBody = z.infer<typeof badgesBody>;

export const badgeResponse = z.object({
  studentId: z.string(),
  /** The student's roster id (`users.externalId`): what a give names them by (`externalStudentIds`). */
  externalId: z.string(),
  name: z.string(),
  /** The code as printed (`K7QH-MZP9T`); the QR code holds the same. Reprinting keeps it. */
  code: z.string(),
});
export type Badge = z.infer<typeof badgeResponse>;
export const badgesResponse = z.object({ badges: z.array(badgeResponse) });
export type BadgesResponse = z.infer<typeof badgesResponse>;

export const BADGE_PAPERS = ['letter', 'a4'] as const;

/** GET badges.pdf: a class (`periodId`) or students (`studentIds=a,b,c`), on letter (10 a page) or A4 (8). */
export const badgesPdfQuery = z
  .object({
    periodId: z.uuid({ error: 'periodId must be a class id' }).optional(),
    studentIds: z
      .string()
      .max(MAX_BADGES_AT_ONCE * 37, { error: 'studentIds is too long' })
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(
        z
          .array(studentId)
          .min(1, { error: 'studentIds must name at least one student' })
          .max(MAX_BADGES_AT_ONCE, {
            error: `studentIds must name at most ${MAX_BADGES_AT_ONCE} students`,
          }),
      )
      .optional(),
    paper: z
      .enum(BADGE_PAPERS, { error: `paper must be one of ${BADGE_PAPERS.join(', ')}` })
      .optional(),
  })
  .refine((q) => (q.studentIds === undefined) !== (q.periodId === undefined), {
    error: 'Send either studentIds or periodId, not both',
  });
export type BadgesPdfQuery = z.infer<typeof badgesPdfQuery>;

export const badgeStudentParams = z.object({
  studentId: z.uuid({ error: 'studentId must be a student id' }),
});
export const badgeCodeParams = z.object({ code: z.string().max(40) });

/** GET students/by-badge/{code}: the student a badge names, for whoever may give to them. */
export const badgeStudentResponse = z.object({
  id: z.string(),
  _id: z.string(),
  /** The student's roster id (`users.externalId`): what a give names them by (`externalStudentIds`). */
  externalId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The student's grade level, or null. */
  grade: z.string().nullable(),
  house: z.string().nullable(),
  /** The student's picture (a URL), or null. */
  picture: z.string().nullable(),
});
export type BadgeStudent = z.infer<typeof badgeStudentResponse>;
