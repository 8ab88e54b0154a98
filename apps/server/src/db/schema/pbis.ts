import type { Sex } from '@app/domain';
import {
  boolean,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schools-and-users.js';

/* PBIS (issue 34, migration 0032): students' demographics. The school's PBIS settings are columns of `schools`. */

/**
 * One student's demographics: OneRoster's demographics.csv (sex, the race fields, ethnicity) and
 * the programs a student information system exports. Sensitive: read only through `reports:equity`
 * (modules/students/service.ts) and the fairness report's counts. Every field null is unknown.
 * Deleting the student deletes the row; erasing them deletes it too (modules/settings/erase.ts).
 */
export const studentDemographics = pgTable(
  'student_demographics',
  {
    schoolId: uuid('school_id').notNull(),
    studentId: uuid('student_id').notNull(),
    sex: text('sex').$type<Sex>(),
    americanIndianOrAlaskaNative: boolean('american_indian_or_alaska_native'),
    asian: boolean('asian'),
    blackOrAfricanAmerican: boolean('black_or_african_american'),
    nativeHawaiianOrOtherPacificIslander: boolean('native_hawaiian_or_other_pacific_islander'),
    white: boolean('white'),
    demographicRaceTwoOrMoreRaces: boolean('demographic_race_two_or_more_races'),
    hispanicOrLatinoEthnicity: boolean('hispanic_or_latino_ethnicity'),
    englishLearner: boolean('english_learner'),
    specialEducation: boolean('special_education'),
    section504: boolean('section_504'),
    freeReducedLunch: boolean('free_reduced_lunch'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId] }),
    foreignKey({
      name: 'student_demographics_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [users.schoolId, users.id],
    }).onDelete('cascade'),
  ],
);
