import type { MessageKey } from '../i18n/en/index.js';

/*
 * A student's demographics (issue 34): OneRoster's demographics.csv (sex, the race fields,
 * hispanicOrLatinoEthnicity) and the programs a student information system exports. Sensitive:
 * only `reports:equity` reads them, and no student's, guardian's or teacher's answer carries one.
 * Every field may be unknown (null): a school fills in what it has.
 */

/** OneRoster's sex values (1.1 has the first two; 1.2 adds the others). */
export const SEXES = ['male', 'female', 'other', 'unspecified'] as const;
export type Sex = (typeof SEXES)[number];

/** OneRoster's race fields, each "true" or "false" in demographics.csv. */
export const RACE_FIELDS = [
  'americanIndianOrAlaskaNative',
  'asian',
  'blackOrAfricanAmerican',
  'nativeHawaiianOrOtherPacificIslander',
  'white',
  'demographicRaceTwoOrMoreRaces',
] as const;
export type RaceField = (typeof RACE_FIELDS)[number];

/** The programs: English learner, special education (an IEP), a 504 plan, free or reduced lunch. */
export const PROGRAM_FIELDS = [
  'englishLearner',
  'specialEducation',
  'section504',
  'freeReducedLunch',
] as const;
export type ProgramField = (typeof PROGRAM_FIELDS)[number];

/** Every yes/no field, in the order files and forms list them. */
export const DEMOGRAPHIC_FLAGS = [
  ...RACE_FIELDS,
  'hispanicOrLatinoEthnicity',
  ...PROGRAM_FIELDS,
] as const;
export type DemographicFlag = (typeof DEMOGRAPHIC_FLAGS)[number];

export type Demographics = { sex: Sex | null } & Record<DemographicFlag, boolean | null>;

/** One student's demographics as a roster file gives them, by the student's sourcedId. */
export interface DemographicsRow {
  sourcedId: string;
  demographics: Demographics;
}

/** A student with nothing known. */
export const NO_DEMOGRAPHICS: Demographics = Object.freeze({
  sex: null,
  ...(Object.fromEntries(DEMOGRAPHIC_FLAGS.map((f) => [f, null])) as Record<DemographicFlag, null>),
});

/** The breakdowns of the fairness report (`GET reports/equity?by=…`). */
export const EQUITY_BREAKDOWNS = [
  'race',
  'ethnicity',
  'sex',
  'grade',
  'ell',
  'sped',
  'section504',
  'frl',
] as const;
export type EquityBreakdown = (typeof EQUITY_BREAKDOWNS)[number];

const PROGRAM_OF: Record<'ell' | 'sped' | 'section504' | 'frl', ProgramField> = {
  ell: 'englishLearner',
  sped: 'specialEducation',
  section504: 'section504',
  frl: 'freeReducedLunch',
};

/** The race groups: one per race field, two or more races, and unknown. */
export const RACE_GROUPS = [
  'americanIndianOrAlaskaNative',
  'asian',
  'blackOrAfricanAmerican',
  'nativeHawaiianOrOtherPacificIslander',
  'white',
  'twoOrMoreRaces',
  'unknown',
] as const;

/**
 * The fixed order of each breakdown's groups (grades go by grade). Unknown comes last: a school
 * sees at once how many students it has no data for, and those students stay in the "others" of
 * every other group.
 */
export const GROUPS_OF: Record<Exclude<EquityBreakdown, 'grade'>, readonly string[]> = {
  race: RACE_GROUPS,
  ethnicity: ['hispanicOrLatino', 'notHispanicOrLatino', 'unknown'],
  sex: [...SEXES, 'unknown'],
  ell: ['yes', 'no', 'unknown'],
  sped: ['yes', 'no', 'unknown'],
  section504: ['yes', 'no', 'unknown'],
  frl: ['yes', 'no', 'unknown'],
};

/**
 * One race group per student, as federal reporting counts them: two or more races when the file
 * says so or names more than one race; the one race named; else unknown.
 */
export function raceGroup(d: Demographics): (typeof RACE_GROUPS)[number] {
  const races = RACE_FIELDS.filter(
    (f): f is Exclude<RaceField, 'demographicRaceTwoOrMoreRaces'> =>
      f !== 'demographicRaceTwoOrMoreRaces' && d[f] === true,
  );
  if (d.demographicRaceTwoOrMoreRaces === true || races.length > 1) return 'twoOrMoreRaces';
  return races[0] ?? 'unknown';
}

const yesNo = (v: boolean | null) => (v === null ? 'unknown' : v ? 'yes' : 'no');

/** A grade's key: its number without leading zeros ("07" is 7), or 'none'. */
export const gradeGroup = (grade: string | null | undefined): string => {
  const g = (grade ?? '').trim();
  if (!g || g === 'None') return 'none';
  return /^\d+$/.test(g) ? String(Number(g)) : g;
};

/** The group of one student in a breakdown; a student without a demographics row counts as unknown. */
export function groupOf(
  by: EquityBreakdown,
  d: Demographics | null,
  gradeLevel: string | null,
): string {
  const x = d ?? NO_DEMOGRAPHICS;
  switch (by) {
    case 'race':
      return raceGroup(x);
    case 'ethnicity':
      return x.hispanicOrLatinoEthnicity === null
        ? 'unknown'
        : x.hispanicOrLatinoEthnicity
          ? 'hispanicOrLatino'
          : 'notHispanicOrLatino';
    case 'sex':
      return x.sex ?? 'unknown';
    case 'grade':
      return gradeGroup(gradeLevel);
    default:
      return yesNo(x[PROGRAM_OF[by]]);
  }
}

/** The order groups are listed in: the breakdown's fixed order, grades numerically with 'none' last. */
export function groupOrder(by: EquityBreakdown, a: string, b: string): number {
  if (by === 'grade') {
    if (a === 'none' || b === 'none') return (a === 'none' ? 1 : 0) - (b === 'none' ? 1 : 0);
    return a.localeCompare(b, undefined, { numeric: true });
  }
  const order = GROUPS_OF[by];
  return order.indexOf(a) - order.indexOf(b);
}

/** The catalogue key of a group's name; a grade is named by `labels.grade` instead (gradeOrNoneText). */
export const groupLabelKey = (by: Exclude<EquityBreakdown, 'grade'>, group: string): MessageKey =>
  (by === 'race'
    ? `labels.race.${group}`
    : by === 'ethnicity'
      ? `labels.ethnicity.${group}`
      : by === 'sex'
        ? `labels.sex.${group}`
        : `labels.program.${group}`) as MessageKey;

/** A breakdown's name ("Race", "English learner") as the catalogue keys it. */
export const breakdownLabelKey = (by: EquityBreakdown): MessageKey => `labels.breakdown.${by}`;
