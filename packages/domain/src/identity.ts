import { z } from 'zod';
import { containsNul, displayName } from './schemas.js';
import { passwordRefusal } from './common-passwords.js';
import { msg, schemaText } from './message.js';

/** The two school identity providers (docs/spec.md section 2: /login/{provider}). */
export const SSO_PROVIDERS = ['clever', 'classlink'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];
export const SSO_PROVIDER_LABEL: Record<SsoProvider, string> = {
  clever: 'Clever',
  classlink: 'ClassLink',
};
export const isSsoProvider = (v: unknown): v is SsoProvider =>
  (SSO_PROVIDERS as readonly unknown[]).includes(v);

/** Minutes a state of GET auth/login/sso/state may be used in. */
export const SSO_STATE_MINUTES = 10;
/** Days an account invitation link is good for; minutes a password reset link is. */
export const INVITATION_DAYS = 7;
export const RESET_LINK_MINUTES = 60;

const field = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max} characters` })
    .refine((v) => !containsNul(v), { error: `${name} contains an invalid character` });

const provider = z.enum(SSO_PROVIDERS, {
  error: `provider must be one of ${SSO_PROVIDERS.join(', ')}`,
});

/** A link token of ours: base64url, 43 characters for 256 bits; a little slack, nothing odd. */
const linkToken = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, { error: `${name} is required` })
    .max(200, { error: `${name} must be at most 200 characters` })
    .regex(/^[A-Za-z0-9_-]+$/, { error: `${name} is not valid` });

/** A new password: the length and common-password rules, with their message. */
export const newPassword = z
  .string({ error: 'password is required' })
  .max(500, { error: 'password must be at most 500 characters' })
  .superRefine((v, ctx) => {
    const refusal = containsNul(v) ? msg('msg.passwordInvalidCharacter') : passwordRefusal(v);
    const problem = refusal && schemaText(refusal);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ssoStateQuery = z.object({
  provider,
  /** The school's code (its externalId), as on the school-token sign-in. */
  school: field('school', 100),
  time: z.string().optional(),
});
export const ssoStateResponse = z.object({
  state: z.string(),
  authorizationUrl: z.string(),
  expiresAt: z.string(),
});
export type SsoStateResponse = z.infer<typeof ssoStateResponse>;

export const ssoLoginBody = z.object({
  provider,
  code: field('code', 2000),
  state: linkToken('state'),
});
export type SsoLoginBody = z.infer<typeof ssoLoginBody>;

export const schoolLoginBody = z.object({
  externalSchoolId: field('externalSchoolId', 100),
  token: field('token', 200),
});
export type SchoolLoginBody = z.infer<typeof schoolLoginBody>;

/* ---- SSO settings (school admins) ---- */
export const ssoProviderParams = z.object({ provider });
export const ssoConfigBody = z.object({
  issuer: z
    .url({ protocol: /^https?$/, error: 'issuer must be an http(s) URL' })
    .max(500, { error: 'issuer must be at most 500 characters' }),
  clientId: field('clientId', 300),
  /** Left out on a change: the secret stays as it is. */
  clientSecret: field('clientSecret', 500).optional(),
  userIdClaim: field('userIdClaim', 100).optional(),
});
export type SsoConfigBody = z.infer<typeof ssoConfigBody>;
export const ssoConfigResponse = z.object({
  provider,
  issuer: z.string(),
  clientId: z.string(),
  userIdClaim: z.string(),
  hasSecret: z.boolean(),
  redirectUri: z.string(),
  updatedAt: z.string(),
});
export type SsoConfigResponse = z.infer<typeof ssoConfigResponse>;
export const ssoConfigListResponse = z.array(ssoConfigResponse);

/* ---- school tokens (school admins) ---- */
export const schoolTokenBody = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }),
  label: displayName(
    z
      .string()
      .trim()
      .max(100, { error: 'label must be at most 100 characters' })
      .refine((v) => !containsNul(v), { error: 'label contains an invalid character' }),
  ).optional(),
});
export type SchoolTokenBody = z.infer<typeof schoolTokenBody>;
export const schoolTokenResponse = z.object({
  _id: z.string(),
  userId: z.string(),
  userName: z.string(),
  label: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
});
export type SchoolTokenResponse = z.infer<typeof schoolTokenResponse>;
export const schoolTokenListResponse = z.array(schoolTokenResponse);
/** Issued or rotated: the token itself, shown this once. */
export const schoolTokenIssuedResponse = schoolTokenResponse.extend({ token: z.string() });
export type SchoolTokenIssuedResponse = z.infer<typeof schoolTokenIssuedResponse>;

/* ---- sign-in limits (school admins; docs/decisions/126-device-cookies.md) ---- */
/** An address refused now for failed sign-ins, some of them against this school's names. */
export const signInLimitResponse = z.object({
  address: z.string(),
  /** Failures from the address against this school's names in the current window. */
  failures: z.number().int(),
  /** When the refusal ends unless lifted (ISO). */
  until: z.string(),
});
export type SignInLimitResponse = z.infer<typeof signInLimitResponse>;
export const signInLimitListResponse = z.object({ addresses: z.array(signInLimitResponse) });
export type SignInLimitListResponse = z.infer<typeof signInLimitListResponse>;
export const signInLimitParams = z.object({
  address: z.string().trim().min(1).max(100, { error: 'address must be at most 100 characters' }),
});

/* ---- invitations, account setup, forgot and reset password ---- */
const email = z
  .email({ error: 'email must be a valid email address' })
  .max(200, { error: 'email must be at most 200 characters' });
export const invitationBody = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }),
  email,
});
export type InvitationBody = z.infer<typeof invitationBody>;
/**
 * What every invitation answers besides its own fields (docs/decisions/132-invitations-without-mail.md):
 * whether the mail went out and, when it did not (no SMTP_URL, or the mail server refused it), the
 * one-time link itself for the asker to hand over, and whether Settings → Invitations can show it
 * again (kept encrypted) or this answer is the only time it is shown.
 */
export const invitationDelivery = z.object({
  mailed: z.boolean(),
  link: z.string().optional(),
  linkKept: z.boolean().optional(),
  /** Not mailed: the server has no mail set up, or the mail server refused the mail. */
  whyNotMailed: z.enum(['noMailServer', 'refused']).optional(),
});
export type InvitationDelivery = z.infer<typeof invitationDelivery>;
export const invitationResponse = z
  .object({
    userId: z.string(),
    email: z.string(),
    expiresAt: z.string(),
  })
  .extend(invitationDelivery.shape);
export type InvitationResponse = z.infer<typeof invitationResponse>;

/** The states of an invitation as Settings → Invitations lists them. */
export const INVITATION_STATES = ['mailed', 'notMailed', 'used', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
/** GET settings/invitations: each person's newest invitation (account-setup link), newest first. */
export const invitationListItem = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  state: z.enum(INVITATION_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  /** Who sent it, when they are of this school (a district owner's or the shell's: null). */
  invitedBy: z.string().nullable(),
  /** Not mailed: whether the link is kept (encrypted) so its asker can copy it again. */
  linkKept: z.boolean(),
  /** The link, to the person who asked only, while it is not mailed, kept, unused and valid. */
  link: z.string().optional(),
});
export type InvitationListItem = z.infer<typeof invitationListItem>;
export const invitationListResponse = z.object({ invitations: z.array(invitationListItem) });
export type InvitationListResponse = z.infer<typeof invitationListResponse>;

/** POST settings/invitations/all: staff with an address and no sign-in, each invited once. */
export const bulkInvitationResponse = z.object({
  /** How many invitation mails went out. */
  sent: z.number().int(),
  /** Those whose mail did not go out, each with their link (shown this once, or kept). */
  notSent: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      expiresAt: z.string(),
      link: z.string(),
      linkKept: z.boolean(),
    }),
  ),
  /** Staff without a sign-in left out: no address, an invitation pending, or roles above the asker's. */
  skipped: z.number().int(),
});
export type BulkInvitationResponse = z.infer<typeof bulkInvitationResponse>;

export const accountSetupBody = z.object({
  token: linkToken('token'),
  /** Needed when the user has no sign-in name yet. */
  username: field('username', 100)
    .refine((v) => /^[a-z0-9._@-]+$/i.test(v), {
      error: 'username may use letters, digits and . _ @ - only',
    })
    .optional(),
  password: newPassword,
});
export type AccountSetupBody = z.infer<typeof accountSetupBody>;
export const linkQuery = z.object({ token: linkToken('token'), time: z.string().optional() });
/** What the setup page shows before the user chooses: whose account, and whether a name is needed. */
export const accountSetupInfoResponse = z.object({
  firstName: z.string(),
  needsUsername: z.boolean(),
  username: z.string(),
});
export type AccountSetupInfoResponse = z.infer<typeof accountSetupInfoResponse>;

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
export const resetPasswordBody = z.object({ token: linkToken('token'), password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
/** The one answer to forgot-password, whoever asks. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this address, we have sent it a link to choose a new password. The link works for an hour.';
export const forgotPasswordResponse = z.object({ message: z.string() });
