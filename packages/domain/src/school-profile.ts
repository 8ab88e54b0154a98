import { z } from 'zod';
import { newSchoolBody } from './district.js';

/*
 * A school's profile (docs/decisions/082-school-profile-in-settings.md): what a school is created
 * with, minus its code, which its admins edit in settings.
 */

/** PUT settings/school: the whole profile, the fields a school is created with minus its code. */
export const schoolProfileBody = newSchoolBody.omit({ code: true }).extend({
  hasHouseSystem: z.boolean({ error: 'hasHouseSystem must be true or false' }),
  canTeacherGiveAll: z.boolean({ error: 'canTeacherGiveAll must be true or false' }),
});
export type SchoolProfileBody = z.infer<typeof schoolProfileBody>;

/** GET and PUT settings/school: the profile, with the code it cannot change here. */
export const schoolProfileResponse = z.object({
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** As stored: a school made before the list may hold another value until it is saved. */
  schoolType: z.string(),
  storeModel: z.string(),
  hasHouseSystem: z.boolean(),
  /** True when the school never set it. */
  canTeacherGiveAll: z.boolean(),
});
export type SchoolProfile = z.infer<typeof schoolProfileResponse>;
