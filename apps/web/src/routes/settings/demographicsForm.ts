import {
  DEMOGRAPHIC_FLAGS,
  PROGRAM_FIELDS,
  RACE_FIELDS,
  SEXES,
  type DemographicFlag,
  type DemographicsAnswer,
  type DemographicsBody,
  type MessageKey,
  type Sex,
} from '@app/domain';

/*
 * The demographics editor's values (issue 34): each yes/no field as one of three choices, since
 * "no" and "not known" differ (a school fills in what it has), and the sex as one of its values or
 * not known. Pure, so the round trip to the server's body is tested.
 */

export type Choice = 'yes' | 'no' | 'unknown';
export const CHOICES: readonly Choice[] = ['yes', 'no', 'unknown'];

export interface DemographicsValues {
  sex: Sex | 'unknown';
  flags: Record<DemographicFlag, Choice>;
}

const choiceOf = (v: boolean | null): Choice => (v === null ? 'unknown' : v ? 'yes' : 'no');
const flagOf = (c: Choice): boolean | null => (c === 'unknown' ? null : c === 'yes');

export function valuesOfAnswer(a: DemographicsAnswer): DemographicsValues {
  return {
    sex: a.sex ?? 'unknown',
    flags: Object.fromEntries(DEMOGRAPHIC_FLAGS.map((f) => [f, choiceOf(a[f])])) as Record<
      DemographicFlag,
      Choice
    >,
  };
}

/** The whole record as PUT students/{id}/demographics takes it: every field sent, unknown as null. */
export function bodyOfValues(v: DemographicsValues): DemographicsBody {
  return {
    sex: v.sex === 'unknown' ? null : v.sex,
    ...(Object.fromEntries(DEMOGRAPHIC_FLAGS.map((f) => [f, flagOf(v.flags[f])])) as Record<
      DemographicFlag,
      boolean | null
    >),
  };
}

/** A yes/no field's name: the race fields by their group's name, the others by their own. */
export const flagLabelKey = (f: DemographicFlag): MessageKey =>
  (f === 'demographicRaceTwoOrMoreRaces'
    ? 'labels.race.twoOrMoreRaces'
    : (RACE_FIELDS as readonly string[]).includes(f)
      ? `labels.race.${f}`
      : `labels.demographics.${f}`) as MessageKey;

/** The fields in the editor's parts: the race fields, the ethnicity alone, the programs. */
export const RACE_PART: readonly DemographicFlag[] = RACE_FIELDS;
export const PROGRAM_PART: readonly DemographicFlag[] = PROGRAM_FIELDS;
export const SEX_CHOICES: readonly (Sex | 'unknown')[] = [...SEXES, 'unknown'];
