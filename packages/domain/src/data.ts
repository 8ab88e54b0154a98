import { z } from 'zod';
import { instant, int } from './response-fields.js';

/* Data out, data gone (issue 19): erasing a student, exporting a school's or a district's data. */

/** The name shown wherever an erased student was named (reports keep their rows). */
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'student';

/** What the admin types to erase a student: the student's full name, as the confirmation shows it. */
export const confirmationName = (firstName: string, lastName: string) =>
  `${firstName} ${lastName}`.replace(/\s+/g, ' ').trim();

/** Whether what was typed is the student's full name (any case, any spacing). */
export const confirmsErasure = (typed: string, firstName: string, lastName: string) =>
  typed.replace(/\s+/g, ' ').trim().toLowerCase() ===
  confirmationName(firstName, lastName).toLowerCase();

/** POST settings/users/{id}/erase. */
export const eraseBody = z.object({
  confirm: z
    .string({ error: "confirm must be the student's full name" })
    .max(300, { error: 'confirm must be at most 300 characters' }),
});
export type EraseBody = z.infer<typeof eraseBody>;

export const erasureResponse = z.object({ userId: z.string(), erasedAt: instant() });
export type Erasure = z.infer<typeof erasureResponse>;

export const EXPORT_SCOPES = ['school', 'district'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** How long a finished export can be downloaded before the cleanup deletes it. */
export const EXPORT_HOURS = 24;

/** POST exports. */
export const exportBody = z.object({
  scope: z.enum(EXPORT_SCOPES, { error: 'scope must be school or district' }).default('school'),
});
export type ExportBody = z.infer<typeof exportBody>;

export const exportResponse = z.object({
  _id: z.string(),
  scope: z.enum(EXPORT_SCOPES),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  done: int(),
  total: int(),
  bytes: int().nullable(),
  message: z.string().nullable(),
  createdAt: instant(),
  expiresAt: instant().nullable(),
});
export type DataExport = z.infer<typeof exportResponse>;
