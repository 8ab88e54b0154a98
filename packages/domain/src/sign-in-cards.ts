import { z } from 'zod';
import { newPassword } from './identity.js';

/*
 * Printed sign-in cards (docs/decisions/133-sign-in-cards.md). A card's code is 14 random symbols
 * of Crockford's base 32 (70 bits) and a check symbol (Luhn mod 32), shown in three groups of five:
 * `K7QH3-MZP9T-XAB4C`. Typed, it is read case-insensitively, with or without dashes and spaces, O
 * as 0 and I or L as 1. The check symbol catches a mistyped symbol and most swapped neighbours
 * before anything is asked of the server.
 */

/** Crockford's base 32: no I, L, O or U. */
export const CARD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random symbols of a code; the check symbol follows them. */
export const CARD_RANDOM_SYMBOLS = 14;
const CARD_SYMBOLS = CARD_RANDOM_SYMBOLS + 1;
const GROUP = 5;

const valueOf = (symbol: string) => CARD_ALPHABET.indexOf(symbol);

/** Luhn mod N's sum over `symbols`, doubling every second symbol from the right (the rightmost one when `doubleFirst`). */
function luhnSum(symbols: string, doubleFirst: boolean): number {
  const n = CARD_ALPHABET.length;
  let sum = 0;
  let factor = doubleFirst ? 2 : 1;
  for (let i = symbols.length - 1; i >= 0; i--) {
    const addend = factor * valueOf(symbols[i]!);
    sum += Math.floor(addend / n) + (addend % n);
    factor = factor === 2 ? 1 : 2;
  }
  return sum % n;
}

/** The check symbol of a code's random symbols (Luhn mod 32). */
export function cardCheckSymbol(random: string): string {
  const n = CARD_ALPHABET.length;
  return CARD_ALPHABET[(n - luhnSum(random, true)) % n]!;
}

/**
 * A typed or scanned code in its one stored form (15 symbols, upper case, no separators), or null
 * when it cannot be a card's code: a wrong length, a symbol outside the alphabet, or a check
 * symbol that does not match (a typo).
 */
export function normalizeCardCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== CARD_SYMBOLS) return null;
  if ([...code].some((c) => valueOf(c) < 0)) return null;
  return luhnSum(code, false) === 0 ? code : null;
}

/** A code as printed: three groups of five joined by dashes. */
export function formatCardCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += GROUP) groups.push(code.slice(i, i + GROUP));
  return groups.join('-');
}

/** The name a code's guesses are limited under (lib/sign-in-limits.ts): its first four symbols. */
export const cardSignInName = (code: string) => `card:${code.slice(0, 4)}`;

/* ---- the calls ---- */

const studentId = z.uuid({ error: 'studentIds must hold student ids' });
/** How many students one printing may name. */
export const MAX_CARDS_AT_ONCE = 500;

/** POST sign-in-cards: the students named, or a class's. Exactly one of the two. */
export const signInCardsBody = z
  .object({
    studentIds: z
      .array(studentId, { error: 'studentIds must be a list of student ids' })
      .min(1, { error: 'studentIds must name at least one student' })
      .max(MAX_CARDS_AT_ONCE, {
        error: `studentIds must name at most ${MAX_CARDS_AT_ONCE} students`,
      })
      .optional(),
    periodId: z.uuid({ error: 'periodId must be a class id' }).optional(),
  })
  .refine((b) => (b.studentIds === undefined) !== (b.periodId === undefined), {
    error: 'Send either studentIds or periodId, not both',
  });
export type SignInCardsBody = z.infer<typeof signInCardsBody>;

export const signInCardResponse = z.object({
  studentId: z.string(),
  name: z.string(),
  /** The code as printed (shown this once: only its hash is kept). */
  code: z.string(),
});
export type SignInCard = z.infer<typeof signInCardResponse>;
export const signInCardsResponse = z.object({ cards: z.array(signInCardResponse) });
export type SignInCardsResponse = z.infer<typeof signInCardsResponse>;

export const CARD_PAPERS = ['letter', 'a4'] as const;
export type CardPaper = (typeof CARD_PAPERS)[number];

/** GET sign-in-cards.pdf: a class (`periodId`) or students (`studentIds=a,b,c`), on letter or A4. */
export const signInCardsPdfQuery = z
  .object({
    periodId: z.uuid({ error: 'periodId must be a class id' }).optional(),
    studentIds: z
      .string()
      .max(MAX_CARDS_AT_ONCE * 37, { error: 'studentIds is too long' })
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(
        z
          .array(studentId)
          .min(1, { error: 'studentIds must name at least one student' })
          .max(MAX_CARDS_AT_ONCE, {
            error: `studentIds must name at most ${MAX_CARDS_AT_ONCE} students`,
          }),
      )
      .optional(),
    paper: z
      .enum(CARD_PAPERS, { error: `paper must be one of ${CARD_PAPERS.join(', ')}` })
      .default('letter'),
    time: z.string().optional(),
  })
  .refine((q) => (q.studentIds === undefined) !== (q.periodId === undefined), {
    error: 'Send either studentIds or periodId, not both',
  });

export const signInCardParams = z.object({
  studentId: z.string().max(100, { error: 'studentId must be at most 100 characters' }),
});

/** POST auth/login/card: the code as typed or scanned. */
export const cardLoginBody = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, { error: 'code is required' })
    .max(100, { error: 'code must be at most 100 characters' }),
});
export type CardLoginBody = z.infer<typeof cardLoginBody>;

/** PUT students/{studentId}/password: a password staff give a student (account setup's rules). */
export const studentPasswordBody = z.object({ password: newPassword });
export type StudentPasswordBody = z.infer<typeof studentPasswordBody>;
/** The student's sign-in name: the one they had, or the one made for them. */
export const studentPasswordResponse = z.object({ username: z.string() });
export type StudentPasswordResponse = z.infer<typeof studentPasswordResponse>;
