import { z } from 'zod';
import { STORE_MODELS } from './constants.js';

/*
 * A school's profile (docs/decisions/082-school-profile-in-settings.md): what a school is created
 * with, minus its code, which its admins edit in settings.
 */

/** School types a school may have; "Elementary" in the type makes the school elementary (docs/spec.md section 6). */
export const SCHOOL_TYPES = ['Elementary', 'Middle', 'High', 'K-8', 'K-12'] as const;

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

/** The longest school name (it heads the header and every report). */
export const SCHOOL_NAME_MAX = 120;

/** PUT settings/school: the whole profile. */
export const schoolProfileBody = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(SCHOOL_NAME_MAX, { error: `name must be at most ${SCHOOL_NAME_MAX} characters` }),
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
