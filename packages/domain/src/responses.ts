import { PBIS_RATIO_WINDOWS } from './pbis/coaching.js';
import { LANGUAGES } from './i18n/languages.js';
import { z } from 'zod';
import { instant, int } from './response-fields.js';

/**
 * Response shapes of the API (docs/spec.md section 7), as zod schemas: every route declares its answer
 * with them (`schema.response`), so Fastify serializes through them, strips any field they do not
 * declare, and the OpenAPI document describes every answer. The TS types the server's presenters
 * and the web client use are inferred from the same schemas, so the two cannot drift apart.
 * Objects are plain z.object (unknown keys stripped); null and optional only where the data has them.
 * Request bodies are the z.infer types beside their schemas (schemas.ts, schemas-activity.ts);
 * the points economy's answers are in responses-activity.ts.
 */

/* ---- the signed-in user ---- */

/** The school fields the client and the permission rules need. */
export const schoolInfoResponse = z.object({
  _id: z.string(),
  externalId: z.string(),
  name: z.string(),
  timeZone: z.string(),
  teacherToolboxLink: z.string().nullable(),
  hasHouseSystem: z.boolean(),
  isHouseSystemConfigured: z.boolean(),
  storeModel: z.string(),
  schoolType: z.string(),
  /** The school's setting, true when it has none. */
  canTeacherGiveAll: z.boolean(),
  canNonAdminCreateCustomActions: z.boolean(),
  /** What this school calls its currency: plural ("Merits") and one ("Merit"). */
  currencyName: z.string(),
  currencyNameOne: z.string(),
  /** And in Spanish ("Méritos", "Mérito"; currencyNames, currency.ts). */
  currencyNameEs: z.string(),
  currencyNameOneEs: z.string(),
  /** A giver's ratio of bonuses to flags the school aims for, over its window (issue 34). */
  pbisTargetRatio: z.number().int(),
  pbisRatioWindow: z.enum(PBIS_RATIO_WINDOWS),
  /** School days without a bonus before a student counts as not recognised. */
  pbisRecognitionDays: z.number().int(),
});
export type SchoolInfo = z.infer<typeof schoolInfoResponse>;

/** POST auth/me (and the user of POST auth/login). */
export const sessionUserResponse = z.object({
  _id: z.string(),
  externalId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  gradeLevel: z.string().nullable(),
  house: z.string().nullable(),
  school: schoolInfoResponse,
  /** How many periods the user teaches or co-teaches (with students). */
  periodCount: int(),
  /** The language chosen on /profile; null follows the browser. */
  language: z.enum(LANGUAGES).nullable(),
  /**
   * The school names them one of its PBIS coordinators (Settings → School): with a staff role they
   * read the fairness report (`reports:equity`). The session's permission subject reads it.
   */
  pbisCoordinator: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserResponse>;

/** PUT profile/language: the language chosen on /profile, or null to follow the browser. */
export const profileLanguageBody = z.object({ language: z.enum(LANGUAGES).nullable() });
export type ProfileLanguageBody = z.infer<typeof profileLanguageBody>;

/* ---- auth, system ---- */

/** POST auth/login. */
export const loginResponse = z.object({
  token: z.string(),
  user: sessionUserResponse,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET status, 200: the database answers. */
export const statusOkResponse = z.object({
  status: z.literal('ok'),
  database: z.string(),
  databaseMs: int(),
  release: z.string(),
  devMode: z.boolean(),
  /** The demo's published sign-ins still work: every screen says so (docs/decisions/081-demo-banner.md). */
  demo: z.boolean(),
  time: instant(),
});

/** GET status, 503: the database does not answer. */
export const statusDegradedResponse = z.object({
  status: z.literal('degraded'),
  database: z.string(),
  release: z.string(),
  devMode: z.boolean(),
  time: instant(),
});

/** GET status as the web reads it: the fields are optional because a 503 reaches the web as an empty object. */
export const statusResponse = statusOkResponse
  .extend({ status: z.enum(['ok', 'degraded']) })
  .partial();
export type StatusResponse = z.infer<typeof statusResponse>;

/** GET release. */
export const releaseResponse = z.object({
  release: z.string(),
});
export type ReleaseResponse = z.infer<typeof releaseResponse>;

/** A plain acknowledgement (logout, deletes). */
export const okResponse = z.object({
  ok: z.boolean(),
});
export type OkResponse = z.infer<typeof okResponse>;

/* ---- people and periods ---- */

/** Another person as a teacher or admin sees them in a roster or list. */
export const personResponse = z.object({
  _id: z.string(),
  externalId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gradeLevel: z.string().nullable(),
  house: z.string().nullable(),
});
export type Person = z.infer<typeof personResponse>;

export const rosterStudentResponse = personResponse.extend({
  externalStudentId: z.string(),
});
export type RosterStudent = z.infer<typeof rosterStudentResponse>;

/** GET periods (a list), PUT periods/:id/co-teachers. */
export const periodResponse = z.object({
  _id: z.string(),
  name: z.string(),
  label: z.string(),
  teacher: z.object({
    _id: z.string(),
    externalId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  externalTeacherId: z.string(),
  coTeachers: z.array(z.string()),
  coTeacherDisplayName: z.string(),
  periodNumber: int(),
  sectionNumbers: z.array(z.string()),
  studentCount: int(),
  isOwner: z.boolean(),
});
export type Period = z.infer<typeof periodResponse>;

/** GET periods/:id. */
export const periodDetailResponse = periodResponse.extend({
  students: z.array(rosterStudentResponse),
  coTeacherList: z.array(personResponse),
});
export type PeriodDetail = z.infer<typeof periodDetailResponse>;

/** GET utility/teacher/period-meta. */
export const periodMetaResponse = z.object({
  periodCount: int(),
  studentCount: int(),
  periods: z.array(
    periodResponse.pick({
      _id: true,
      label: true,
      name: true,
      periodNumber: true,
      sectionNumbers: true,
      studentCount: true,
      isOwner: true,
      coTeacherDisplayName: true,
    }),
  ),
});
export type PeriodMeta = z.infer<typeof periodMetaResponse>;

/* ---- school, contact, configuration, dev ---- */

export const gradeLevelResponse = z.object({
  value: z.string(),
  label: z.string(),
});
export type GradeLevel = z.infer<typeof gradeLevelResponse>;

export const houseResponse = z.object({
  name: z.string(),
  color: z.string(),
  studentCount: int(),
});
export type House = z.infer<typeof houseResponse>;

/** POST utility/contact. */
export const contactSentResponse = z.object({
  _id: z.string(),
  message: z.string(),
});
export type ContactSent = z.infer<typeof contactSentResponse>;

/** GET utility/contact: a message as it was sent (see ContactBody), with when it came. */
export const contactMessageResponse = z.object({
  _id: z.string(),
  userName: z.string(),
  userSchool: z.string(),
  userEmail: z.string(),
  userRole: z.string(),
  userMessage: z.string(),
  createdAt: instant(),
});
export type ContactMessage = z.infer<typeof contactMessageResponse>;

/** GET configuration/:id (a list), POST configuration/:id. */
export const configurationEntryResponse = z.object({
  key: z.string(),
  value: z.string().nullable(),
  /** Any JSON value, null when the entry has none. */
  valueObject: z.unknown(),
});
export type ConfigurationEntry = z.infer<typeof configurationEntryResponse>;

/** GET dev/users/:id. */
export const devUserResponse = personResponse.extend({
  roles: z.array(z.string()),
});
export type DevUser = z.infer<typeof devUserResponse>;

/** GET dev/periods/:id. */
export const devPeriodResponse = z.object({
  _id: z.string(),
  name: z.string(),
  periodNumber: int(),
  externalTeacherId: z.string(),
  coTeachers: z.array(z.string()),
  sectionNumbers: z.array(z.string()),
});
export type DevPeriod = z.infer<typeof devPeriodResponse>;
