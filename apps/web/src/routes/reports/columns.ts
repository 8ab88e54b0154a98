import { gradeLabel, houseLabel, REPORT_COLUMN_LABELS as L } from '@app/domain';
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
  { key: 'grade', label: 'Grade', value: (r) => (r.gradeLevel ? gradeLabel(r.gradeLevel) : '') },
  { key: 'house', label: 'House', value: (r) => (r.house ? houseLabel(r.house) : '') },
];

/** The columns of a student's sums, shared by My classes, Class report and School students. */
export const STUDENT_COLUMNS: Column<StudentSumsRow>[] = [
  ...studentColumns<StudentSumsRow>(),
  { key: 'earned', label: L.earned, value: (r) => r.earned, numeric: true },
  { key: 'bonuses', label: L.bonusCount, value: (r) => r.bonusCount, numeric: true },
  { key: 'flags', label: L.flagCount, value: (r) => r.flagCount, numeric: true },
  { key: 'spent', label: L.spent, value: (r) => r.spent, numeric: true },
  { key: 'balance', label: L.balance, value: (r) => r.balance, numeric: true },
];

/** A class's students: their sums, with what was given in the class itself beside the bonuses and flags. */
export const CLASS_COLUMNS: Column<ClassSumsRow>[] = STUDENT_COLUMNS.flatMap((c) =>
  c.key === 'flags'
    ? [
        c,
        {
          key: 'classBonuses',
          label: L.classBonusCount,
          value: (r: ClassSumsRow) => r.classBonusCount,
          numeric: true,
        },
        {
          key: 'classFlags',
          label: L.classFlagCount,
          value: (r: ClassSumsRow) => r.classFlagCount,
          numeric: true,
        },
      ]
    : [c],
);

/** What the class columns mean, said once under each class table. */
export const CLASS_COLUMNS_NOTE =
  'Points earned sums the points the student received in the range; Bonuses and Flags count the gives they received; “in class” counts what was given from this class’s roster.';

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
  {
    key: 'bonusCount',
    label: `Bonuses${suffix} (count)`,
    value: (r) => r.bonusCount,
    numeric: true,
  },
  { key: 'bonusPoints', label: L.bonusPoints, value: (r) => r.bonusPoints, numeric: true },
  { key: 'flagCount', label: `Flags${suffix} (count)`, value: (r) => r.flagCount, numeric: true },
  { key: 'flagPoints', label: L.flagPoints, value: (r) => r.flagPoints, numeric: true },
  {
    key: 'otherCount',
    label: `Other gives${suffix} (count)`,
    value: (r) => r.otherCount,
    numeric: true,
  },
];

export const personName = name;
