import { z } from 'zod';
import { day, instant, int } from './response-fields.js';
import { ROLES } from './roles.js';

/* Settings (docs/spec.md section 7, Settings): request and answer shapes, and their limits. */

/**
 * Flag points a school may set (`PUT settings/advanced`): whole points from 1 to 100. The spec
 * leaves the bounds open; a flag worth nothing or more than a week of bonuses makes no sense.
 */
export const FLAG_POINTS_MIN = 1;
export const FLAG_POINTS_MAX = 100;

const roleValue = z.enum(ROLES, { error: `roles must be among ${ROLES.join(', ')}` });

/** Users and roles lists the school's current people, or those who left it. */
export const USER_STATUSES = ['current', 'left'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** GET settings/users/roles: search by name or external id (start of a word), filter by role, a page. */
export const usersRolesQuery = z.object({
  search: z.string().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  role: roleValue.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(200, { error: 'limit must be at most 200' })
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must be at least 0' })
    .max(1_000_000)
    .default(0),
  time: z.string().optional(),
  /**
   * `current` (the default): the school's people; `left`: those who left it (the top grade when a
   * year opens, students a roster import no longer names), archived (docs/decisions/128-leavers-are-archived.md).
   */
  status: z
    .enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(', ')}` })
    .default('current'),
});
export type UsersRolesQuery = z.infer<typeof usersRolesQuery>;

/** PUT settings/users/roles/{id}: the user's whole list of roles. */
export const userRolesBody = z.object({
  roles: z
    .array(roleValue, { error: 'roles must be a list of roles' })
    .min(1, { error: 'roles must hold at least 1 role' })
    .max(ROLES.length, { error: `roles must hold at most ${ROLES.length} roles` }),
});
export type UserRolesBody = z.infer<typeof userRolesBody>;

/** PUT settings/house-system. */
export const houseSystemBody = z.object({
  isHouseSystemConfigured: z.boolean({ error: 'isHouseSystemConfigured must be true or false' }),
});
export type HouseSystemBody = z.infer<typeof houseSystemBody>;

const flagPoints = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(FLAG_POINTS_MIN, { error: `${field} must be at least ${FLAG_POINTS_MIN}` })
    .max(FLAG_POINTS_MAX, { error: `${field} must be at most ${FLAG_POINTS_MAX}` });

/** PUT settings/advanced: any of the four settings; those not sent keep their value. */
export const advancedSettingsBody = z
  .object({
    canNonAdminCreateCustomActions: z
      .boolean({ error: 'canNonAdminCreateCustomActions must be true or false' })
      .optional(),
    canTeacherGiveAll: z.boolean({ error: 'canTeacherGiveAll must be true or false' }).optional(),
    adminFlagPoints: flagPoints('adminFlagPoints').optional(),
    nonAdminFlagPoints: flagPoints('nonAdminFlagPoints').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error: 'Send at least one setting to change',
  });
export type AdvancedSettingsBody = z.infer<typeof advancedSettingsBody>;

/** One user as the users-and-roles screen lists them. */
export const userRolesResponse = z.object({
  _id: z.string(),
  externalId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  gradeLevel: z.string().nullable(),
  house: z.string().nullable(),
  /** The day (in the school's time zone) they left the school, or null: they have not. */
  leftOn: day().nullable(),
});
export type UserRoles = z.infer<typeof userRolesResponse>;

/** GET settings/users/roles: one page of the school's users and how many match in all. */
export const usersRolesListResponse = z.object({
  users: z.array(userRolesResponse),
  total: int(),
});
export type UsersRolesList = z.infer<typeof usersRolesListResponse>;

/** One change of a user's roles (the audit trail). */
export const roleChangeResponse = z.object({
  _id: z.string(),
  userId: z.string(),
  /** 'First Last' of the user whose roles changed, and of who changed them. */
  userName: z.string(),
  changedBy: z.string().nullable(),
  changedByName: z.string().nullable(),
  before: z.array(z.string()),
  after: z.array(z.string()),
  at: instant(),
});
export type RoleChange = z.infer<typeof roleChangeResponse>;

/** The school's settings (GET settings and the answer of each PUT of them). */
export const schoolSettingsResponse = z.object({
  hasHouseSystem: z.boolean(),
  isHouseSystemConfigured: z.boolean(),
  canNonAdminCreateCustomActions: z.boolean(),
  /** True when the school never set it. */
  canTeacherGiveAll: z.boolean(),
  adminFlagPoints: int(),
  nonAdminFlagPoints: int(),
});
export type SchoolSettings = z.infer<typeof schoolSettingsResponse>;

/** GET settings: the school's settings with the store's model and open state, what the settings screen shows. */
export const settingsViewResponse = schoolSettingsResponse.extend({
  storeModel: z.string(),
  /** The store as students see it today: a reopening date that has come opens it. */
  store: z.object({ isOpen: z.boolean(), reopenDate: day().nullable() }),
});
export type SettingsView = z.infer<typeof settingsViewResponse>;
