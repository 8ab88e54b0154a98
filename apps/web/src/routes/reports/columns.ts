import type { ClassSumsRow, StudentSumsRow } from '../../api';
import type { Column } from './SortableTable';

const name = (r: { firstName: string; lastName: string }) => `${r.lastName}, ${r.firstName}`;

type ReportStudent = {
  firstName: string;
  lastName: string;
  gradeLevel: string | null;
  house: string | null;
};

/** Who a row is about: name, grade and house. */
export const studentColumns = <R extends ReportStudent>(): Column<R>[] => [
  { key: 'name', label: 'Student', value: name },
  { key: 'grade', label: 'Grade', value: (r) => r.gradeLevel ?? '' },
  { key: 'house', label: 'House', value: (r) => r.house ?? '' },
];

/** The columns of a student's sums, shared by My classes, Class report and School students. */
export const STUDENT_COLUMNS: Column<StudentSumsRow>[] = [
  ...studentColumns<StudentSumsRow>(),
  { key: 'earned', label: 'Earned', value: (r) => r.earned, numeric: true },
  { key: 'bonuses', label: 'Bonuses', value: (r) => r.bonusCount, numeric: true },
  { key: 'flags', label: 'Flags', value: (r) => r.flagCount, numeric: true },
  { key: 'spent', label: 'Spent', value: (r) => r.spent, numeric: true },
  { key: 'balance', label: 'Balance', value: (r) => r.balance, numeric: true },
];

/** A class's students: their sums, with what was given in the class itself beside the bonuses and flags. */
export const CLASS_COLUMNS: Column<ClassSumsRow>[] = STUDENT_COLUMNS.flatMap((c) =>
  c.key === 'flags'
    ? [
        c,
        {
          key: 'classBonuses',
          label: 'Bonuses in class',
          value: (r: ClassSumsRow) => r.classBonusCount,
          numeric: true,
        },
        {
          key: 'classFlags',
          label: 'Flags in class',
          value: (r: ClassSumsRow) => r.classFlagCount,
          numeric: true,
        },
      ]
    : [c],
);

/** What the class columns mean, said once under each class table. */
export const CLASS_COLUMNS_NOTE =
  'Earned, Bonuses and Flags count everything the student received in the range; “in class” counts what was given from this class’s roster.';

type GivenSums = {
  bonusPoints: number;
  bonusCount: number;
  flagPoints: number;
  flagCount: number;
  otherPoints: number;
  otherCount: number;
};

/** What a giver gave (teacher usage, to whom); `suffix` names the counts ("Bonuses given"). */
export const givenColumns = <R extends GivenSums>(suffix: string): Column<R>[] => [
  { key: 'bonusCount', label: `Bonuses${suffix}`, value: (r) => r.bonusCount, numeric: true },
  { key: 'bonusPoints', label: 'Bonus points', value: (r) => r.bonusPoints, numeric: true },
  { key: 'flagCount', label: `Flags${suffix}`, value: (r) => r.flagCount, numeric: true },
  { key: 'flagPoints', label: 'Flag points', value: (r) => r.flagPoints, numeric: true },
  { key: 'otherCount', label: `Other${suffix}`, value: (r) => r.otherCount, numeric: true },
];

export const personName = name;
