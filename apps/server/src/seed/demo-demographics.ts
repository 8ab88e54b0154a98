import { NO_DEMOGRAPHICS, type Demographics, type RaceField } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { studentDemographics } from '../db/schema.js';

/*
 * The demo students' made-up demographics (issue 34): plausible for a middle school, spread over
 * the students by fixed permutations of their number (never by their grade or house), so a fresh
 * demo always looks the same. Each breakdown shows on the fairness report except where it shows
 * suppression: Native Hawaiian or Other Pacific Islander (6 students) is suppressed, and with it
 * the next smallest race group; the 504 plans (7 students) are, and their complement with them.
 */

const DEMO_STUDENTS = 120;

/** A number's place in a fixed shuffle of 0 … 119 (`step` shares no factor with 120). */
const place = (i: number, step: number, shift = 0) => (i * step + shift) % DEMO_STUDENTS;

/** Race by place: White 42, Black 24, Asian 20, two or more 16, American Indian 12, Pacific Islander 6. */
function race(p: number): Partial<Demographics> {
  const one = (f: RaceField): Partial<Demographics> => ({
    americanIndianOrAlaskaNative: false,
    asian: false,
    blackOrAfricanAmerican: false,
    nativeHawaiianOrOtherPacificIslander: false,
    white: false,
    demographicRaceTwoOrMoreRaces: false,
    [f]: true,
  });
  if (p < 42) return one('white');
  if (p < 66) return one('blackOrAfricanAmerican');
  if (p < 86) return one('asian');
  if (p < 102)
    return { ...one('demographicRaceTwoOrMoreRaces'), white: true, blackOrAfricanAmerican: true };
  if (p < 114) return one('americanIndianOrAlaskaNative');
  return one('nativeHawaiianOrOtherPacificIslander');
}

/** Student `i` (student1 … student120)'s demographics. */
function demoDemographics(i: number): Demographics {
  return {
    ...NO_DEMOGRAPHICS,
    ...race(place(i, 37)),
    sex: place(i, 29) < 59 ? 'female' : 'male',
    hispanicOrLatinoEthnicity: place(i, 53) < 48,
    englishLearner: place(i, 17) < 18,
    specialEducation: place(i, 71) < 14,
    section504: place(i, 7, 3) < 7,
    freeReducedLunch: place(i, 59) < 52,
  };
}

/** Writes the demo students' demographics; `idOf` finds a student by number. */
export async function seedDemoDemographics(
  tx: Queryable,
  schoolId: string,
  idOf: (i: number) => string,
): Promise<void> {
  await tx.insert(studentDemographics).values(
    Array.from({ length: DEMO_STUDENTS }, (_, k) => ({
      schoolId,
      studentId: idOf(k + 1),
      ...demoDemographics(k + 1),
    })),
  );
}
