import { z } from 'zod';
import { LANGUAGES } from './i18n/languages.js';
import { addDays } from './school-days.js';
import { containsNul, displayName } from './schemas.js';

/*
 * Guardians (docs/decisions/115-guardians.md): a guardian reads their children's figures, invited
 * by a school admin or imported from OneRoster; signs in with a password or a one-time e-mail link.
 */

/** Minutes a one-time sign-in link (e-mailed to a guardian) is good for. */
export const SIGN_IN_LINK_MINUTES = 15;
/** The most students one invitation links. */
export const MAX_CHILDREN = 20;

const name = (field: string) =>
  displayName(
    z
      .string({ error: `${field} is required` })
      .trim()
      .min(1, { error: `${field} is required` })
      .max(100, { error: `${field} must be at most 100 characters` })
      .refine((v) => !containsNul(v), { error: `${field} contains an invalid character` }),
  );
const email = z
  .email({ error: 'email must be a valid email address' })
  .max(200, { error: 'email must be at most 200 characters' });

/** POST settings/guardians: invite a guardian (or add children to one) by e-mail. */
export const guardianInviteBody = z.object({
  email,
  firstName: name('firstName'),
  lastName: name('lastName'),
  studentIds: z
    .array(z.uuid({ error: 'studentIds must be student ids' }), {
      error: 'studentIds must be a list of student ids',
    })
    .min(1, { error: 'Choose at least one student' })
    .max(MAX_CHILDREN, { error: `At most ${MAX_CHILDREN} students at once` }),
  /** The guardian's language for their mails and screens; English when not given. */
  language: z
    .enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` })
    .optional(),
});
export type GuardianInviteBody = z.infer<typeof guardianInviteBody>;

export const guardianInviteResponse = z.object({
  guardianId: z.string(),
  email: z.string(),
  /** Whether an account-setup invitation was made (not for an account that already has a password). */
  invited: z.boolean(),
  /** When invited: whether its mail went out; when not, `link` is the link to hand over (docs/decisions/132-invitations-without-mail.md). */
  mailed: z.boolean().optional(),
  link: z.string().optional(),
  linkKept: z.boolean().optional(),
  whyNotMailed: z.enum(['noMailServer', 'refused']).optional(),
  /** When invited: until when the link works (ISO). */
  expiresAt: z.string().optional(),
});
export type GuardianInviteResponse = z.infer<typeof guardianInviteResponse>;

/** One child of a guardian, as their family page lists them. */
export const childResponse = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gradeLevel: z.string().nullable(),
});
export type Child = z.infer<typeof childResponse>;

/** GET settings/guardians: the school's guardians and their children. */
export const guardianListResponse = z.array(
  z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    /** Whether they have chosen a password (set up their account). */
    hasPassword: z.boolean(),
    children: z.array(childResponse),
  }),
);
export type GuardianListItem = z.infer<typeof guardianListResponse>[number];

/** POST auth/login/email-link: a one-time sign-in link to this address, if a guardian uses it. */
export const emailLinkBody = z.object({ email });
/** POST auth/login/email-link/use: sign in with the link's token. */
export const emailLinkUseBody = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, { error: 'token is required' })
    .max(200, { error: 'token must be at most 200 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'token is not valid' }),
});
/** The one answer to an e-mailed sign-in link request, whoever asks. */
export const EMAIL_LINK_ANSWER =
  'If a guardian account uses this address, we have sent it a sign-in link. The link works once, for 15 minutes.';

/** The unsubscribe link's token: `<school id>.<random>` (its school leads the key it is found by). */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: 'token is required' })
    .max(300, { error: 'token must be at most 300 characters' })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]+$/, {
      error: 'token is not valid',
    }),
});

/** The seven days a weekly digest sent on `today` covers: the week before today, both ends included. */
export const digestWeek = (today: string): { start: string; end: string } => ({
  start: addDays(today, -7),
  end: addDays(today, -1),
});
