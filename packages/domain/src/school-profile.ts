import { z } from 'zod';
import { newSchoolBody } from './district.js';
import {
  PBIS_RATIO_WINDOWS,
  PBIS_TARGET_MAX,
  PBIS_TARGET_MIN,
  RECOGNITION_DAYS_MAX,
  RECOGNITION_DAYS_MIN,
} from './pbis/coaching.js';
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

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` });

/** The most PBIS coordinators a school names (they read the fairness report: `reports:equity`). */
export const PBIS_COORDINATORS_MAX = 20;

/**
 * The school's PBIS settings (issue 34), each kept when left out: the target ratio of positive to
 * corrective feedback, the window a giver's ratio is counted over, the school days after which a
 * student counts as not recognised, and the staff it names PBIS coordinators, who read the fairness
 * report as admins do (docs/permissions.md).
 */
const pbisSettingsFields = {
  pbisTargetRatio: wholeNumber('pbisTargetRatio', PBIS_TARGET_MIN, PBIS_TARGET_MAX).optional(),
  pbisRatioWindow: z
    .enum(PBIS_RATIO_WINDOWS, {
      error: `pbisRatioWindow must be one of ${PBIS_RATIO_WINDOWS.join(', ')}`,
    })
    .optional(),
  pbisRecognitionDays: wholeNumber(
    'pbisRecognitionDays',
    RECOGNITION_DAYS_MIN,
    RECOGNITION_DAYS_MAX,
  ).optional(),
  pbisCoordinatorIds: z
    .array(z.uuid({ error: 'pbisCoordinatorIds must be user ids' }), {
      error: 'pbisCoordinatorIds must be a list of user ids',
    })
    .max(PBIS_COORDINATORS_MAX, {
      error: `pbisCoordinatorIds must hold at most ${PBIS_COORDINATORS_MAX} ids`,
    })
    .optional(),
};

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
  ...pbisSettingsFields,
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
  /** PBIS (issue 34): the target ratio, the ratio's window, the recognition days, the coordinators' user ids. */
  pbisTargetRatio: z.number().int(),
  pbisRatioWindow: z.enum(PBIS_RATIO_WINDOWS),
  pbisRecognitionDays: z.number().int(),
  pbisCoordinatorIds: z.array(z.string()),
});
export type SchoolProfile = z.infer<typeof schoolProfileResponse>;
