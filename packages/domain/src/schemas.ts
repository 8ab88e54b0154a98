import { z } from 'zod';
import { hasHiddenCharacters, HIDDEN_CHARACTERS_PROBLEM } from './names.js';

/** Request bodies and queries shared by server validation and web forms. */

/**
 * The one rule of every name a person or a school reads (a school, district, currency, product,
 * action, group, person or label): no line break, tab, invisible or direction-changing character
 * (names.ts `hasHiddenCharacters`). Checked on the value as stored (after any trim).
 */
export const displayName = <T extends z.ZodType<string>>(schema: T): T =>
  schema.refine((v) => !hasHiddenCharacters(v), { error: HIDDEN_CHARACTERS_PROBLEM });

/** PostgreSQL text and jsonb cannot hold a NUL character, so input carrying one is refused as bad input. */
const NUL = '\u0000';
export function containsNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes(NUL);
  if (Array.isArray(v)) return v.some(containsNul);
  if (v && typeof v === 'object')
    return Object.entries(v).some(([k, x]) => k.includes(NUL) || containsNul(x));
  return false;
}
const invalidChar = (field: string) => ({ error: `${field} contains an invalid character` });

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((v) => !containsNul(v), invalidChar(field));

export const loginBody = z.object({
  username: text('username', 100),
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const contactBody = z.object({
  userName: displayName(text('userName', 100)),
  userSchool: displayName(text('userSchool', 200)),
  userEmail: z.email({ error: 'userEmail must be a valid email address' }).max(200),
  userRole: text('userRole', 50),
  userMessage: text('userMessage', 2000),
});
export type ContactBody = z.infer<typeof contactBody>;

export const configurationBody = z.object({
  key: text('key', 100),
  value: z
    .string()
    .max(2000)
    .refine((v) => !containsNul(v), invalidChar('value'))
    .nullable()
    .optional(),
  valueObject: z
    .unknown()
    .refine((v) => !containsNul(v), invalidChar('valueObject'))
    .optional(),
});
export type ConfigurationBody = z.infer<typeof configurationBody>;

export const coTeachersBody = z.object({
  coTeachers: z
    .array(
      z
        .string()
        .min(1, { error: 'coTeachers must not hold an empty id' })
        .max(100, { error: 'coTeachers ids are at most 100 characters' })
        .refine((v) => !containsNul(v), invalidChar('coTeachers')),
      { error: 'coTeachers must be a list of teacher ids' },
    )
    .max(20),
});
export type CoTeachersBody = z.infer<typeof coTeachersBody>;

export const idParam = z.object({ id: z.string().min(1).max(100) });
export const configIdParam = z.object({ id: z.string().trim().min(1).max(100) });
