import { z } from 'zod';
import { newSchoolBody } from './district.js';
import { displayName } from './schemas.js';

/*
 * A school's profile (docs/decisions/082-school-profile-in-settings.md): what a school is created
 * with, minus its code, which its admins edit in settings.
 */

/** The longest currency name: it sits in balances, buttons and messages on a phone's width. */
export const CURRENCY_NAME_MAX = 24;

/** A currency name as the school writes it (docs/decisions/113-currency-name-setting.md): trimmed, 1 to 24 characters, printable. */
const currencyField = (name: string) =>
  displayName(
    z
      .string({ error: `${name} must be text` })
      .trim()
      .min(1, { error: `${name} is required` })
      .max(CURRENCY_NAME_MAX, { error: `${name} must be at most ${CURRENCY_NAME_MAX} characters` })
      .refine((v) => !/\p{Cc}/u.test(v), {
        error: `${name} must not contain control characters`,
      }),
  );

/**
 * PUT settings/school: the whole profile, the fields a school is created with minus its code, and
 * the currency's names (plural and singular, in English and in Spanish). A body without the names
 * keeps the school's; a Spanish name null (or the one that follows the English name) follows the
 * English name from then on (currency.ts).
 */
export const schoolProfileBody = newSchoolBody.omit({ code: true }).extend({
  hasHouseSystem: z.boolean({ error: 'hasHouseSystem must be true or false' }),
  canTeacherGiveAll: z.boolean({ error: 'canTeacherGiveAll must be true or false' }),
  currencyName: currencyField('currencyName').optional(),
  currencyNameOne: currencyField('currencyNameOne').optional(),
  currencyNameEs: currencyField('currencyNameEs').nullable().optional(),
  currencyNameOneEs: currencyField('currencyNameOneEs').nullable().optional(),
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
  /** The currency's name, plural ("Merits") and singular ("Merit"). */
  currencyName: z.string(),
  currencyNameOne: z.string(),
  /** In Spanish ("Méritos", "Mérito"): the school's own, else those that follow the English names. */
  currencyNameEs: z.string(),
  currencyNameOneEs: z.string(),
});
export type SchoolProfile = z.infer<typeof schoolProfileResponse>;
