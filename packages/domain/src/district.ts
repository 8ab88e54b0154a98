import { z } from 'zod';
import { STORE_MODELS } from './constants.js';
import { invitationDelivery, newPassword } from './identity.js';
import { englishOf, msg } from './message.js';
import { containsNul, displayName } from './schemas.js';

/*
 * Schools and districts: the first start (POST setup) and the district console
 * (docs/decisions/074-districts-and-their-owners.md, docs/decisions/075-setup-code.md,
 * docs/decisions/076-one-way-to-create-a-school.md).
 */

/** School types a school is created with; "Elementary" in the type makes the school elementary (docs/spec.md section 6). */
export const SCHOOL_TYPES = ['Elementary', 'Middle', 'High', 'K-8', 'K-12'] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];

/** IANA time zones as this runtime knows them (UTC among them). */
const zones = (): Set<string> => {
  const list =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return new Set([...list, 'UTC']);
};
let known: Set<string> | undefined;

/** Whether the name is a real IANA time zone such as America/Chicago (not an offset, not an abbreviation). */
export function isTimeZone(name: string): boolean {
  known ??= zones();
  return known.has(name);
}

/** Every IANA time zone, for the pickers. */
export const timeZones = (): string[] => [...(known ??= zones())].sort();

/** A school's code: what people type at the school-token and SSO sign-ins; kept in capitals. */
export const SCHOOL_CODE = /^[A-Z0-9][A-Z0-9_-]{1,29}$/;

/** A name people read (a school, a district, a person): one line, nothing hidden. */
const text = (name: string, max: number) =>
  displayName(
    z
      .string({ error: `${name} is required` })
      .trim()
      .min(1, { error: `${name} is required` })
      .max(max, { error: `${name} must be at most ${max} characters` })
      .refine((v) => !containsNul(v), { error: `${name} contains an invalid character` }),
  );

const email = z
  .email({ error: 'email must be a valid email address' })
  .max(200, { error: 'email must be at most 200 characters' });

/** A sign-in name: letters, digits and . _ @ - (as account setup asks). */
export const usernameField = text('username', 100).refine((v) => /^[a-z0-9._@-]+$/i.test(v), {
  error: 'username may use letters, digits and . _ @ - only',
});

/** The longest school name (it heads the header and every report). */
export const SCHOOL_NAME_MAX = 120;

/** What a new school is made of (POST setup's school, POST district/schools). */
export const newSchoolBody = z.object({
  name: text('name', SCHOOL_NAME_MAX),
  code: z
    .string({ error: 'code is required' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z.string().regex(SCHOOL_CODE, {
        error: 'code must be 2 to 30 letters, digits, - or _ (for example LINCOLN-MS)',
      }),
    ),
  timeZone: z
    .string({ error: 'timeZone is required' })
    .trim()
    .refine(isTimeZone, { error: 'timeZone must be a time zone such as America/Chicago' }),
  schoolType: z.enum(SCHOOL_TYPES, {
    error: `schoolType must be one of ${SCHOOL_TYPES.join(', ')}`,
  }),
  storeModel: z.enum(STORE_MODELS, {
    error: `storeModel must be one of ${STORE_MODELS.join(', ')}`,
  }),
  hasHouseSystem: z.boolean({ error: 'hasHouseSystem must be true or false' }).default(false),
  canTeacherGiveAll: z.boolean({ error: 'canTeacherGiveAll must be true or false' }).default(true),
});
export type NewSchoolBody = z.infer<typeof newSchoolBody>;
export type NewSchoolInput = z.input<typeof newSchoolBody>;

/** POST setup: the one-time code printed at the first start, the district, its first school and its owner. */
export const setupBody = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, { error: 'code is required' })
    .max(100, { error: 'The setup code is wrong or has been used.' }),
  districtName: text('districtName', 120).optional(),
  school: newSchoolBody,
  owner: z.object({
    firstName: text('firstName', 100),
    lastName: text('lastName', 100),
    email,
    username: usernameField,
    password: newPassword,
  }),
});
export type SetupBody = z.infer<typeof setupBody>;
export type SetupInput = z.input<typeof setupBody>;

/** GET setup: whether this server still waits for its first school. */
export const setupStatusResponse = z.object({ open: z.boolean() });
export type SetupStatusResponse = z.infer<typeof setupStatusResponse>;

/** The messages of the first start and the district console, as their English text (tests, logs). */
export const SCHOOL_MSG = {
  wrongCode: englishOf(msg('msg.setupWrongCode')),
  done: englishOf(msg('msg.setupDone')),
  codeTaken: (code: string) => englishOf(msg('msg.schoolCodeTaken', { code })),
  ownSchool: englishOf(msg('msg.ownSchool')),
  disabled: englishOf(msg('msg.schoolDisabled')),
} as const;

/** One school of the district console. */
export const districtSchoolResponse = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  timeZone: z.string(),
  schoolType: z.string(),
  storeModel: z.string(),
  hasHouseSystem: z.boolean(),
  canTeacherGiveAll: z.boolean(),
  students: z.number(),
  staff: z.number(),
  classes: z.number(),
  /** The day (YYYY-MM-DD) of the latest give or order; null when nothing happened yet. */
  lastActivity: z.string().nullable(),
  disabled: z.boolean(),
  /** The signed-in owner's own school (it cannot be disabled). */
  mine: z.boolean(),
});
export type DistrictSchoolResponse = z.infer<typeof districtSchoolResponse>;
export const districtSchoolsResponse = z.object({
  district: z.object({ _id: z.string(), name: z.string() }),
  schools: z.array(districtSchoolResponse),
});
export type DistrictSchoolsResponse = z.infer<typeof districtSchoolsResponse>;

export const districtSchoolParams = z.object({ id: z.uuid({ error: 'id must be a school id' }) });

/** POST district/schools/{id}/invitations: the school's first admin, by e-mail. */
export const districtInvitationBody = z.object({
  firstName: text('firstName', 100),
  lastName: text('lastName', 100),
  email,
});
export type DistrictInvitationBody = z.infer<typeof districtInvitationBody>;
/** Its delivery as every invitation's: `mailed`, else `link` (docs/decisions/132-invitations-without-mail.md). */
export const districtInvitationResponse = z
  .object({
    userId: z.string(),
    email: z.string(),
    expiresAt: z.string(),
  })
  .extend(invitationDelivery.shape);
export type DistrictInvitationResponse = z.infer<typeof districtInvitationResponse>;

/** District-wide figures of one span: from the rollups (points in Merits). */
const figures = z.object({
  pointsGiven: z.number(),
  pointsSpent: z.number(),
  /** Students who earned or spent in the span. */
  activeStudents: z.number(),
  orders: z.number(),
});
export type DistrictFigures = z.infer<typeof figures>;
export const districtFiguresResponse = z.object({
  schools: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      /** First days of the spans in the school's time zone, YYYY-MM-DD: this month, and the month its school year began. */
      monthStart: z.string(),
      yearStart: z.string(),
      month: figures,
      year: figures,
    }),
  ),
  total: z.object({ month: figures, year: figures }),
});
export type DistrictFiguresResponse = z.infer<typeof districtFiguresResponse>;
