import { houseLabel } from '@app/domain';
import type { ClassSumsRow, StudentSumsRow } from '../../api';
import type { Column } from './SortableTable';
import type { ReportWords } from './useReportWords';

const name = (r: { firstName: string; lastName: string }) => `${r.lastName}, ${r.firstName}`;

type ReportStudent = {
  firstName: string;
  lastName: string;
  gradeLevel: string | null;
  house: string | null;
};

/** Who a row is about: name, grade and house. */
export const studentColumns = <R extends ReportStudent>(w: ReportWords): Column<R>[] => [
  { key: 'name', label: w.t('reports.column.student'), value: name },
  {
    key: 'grade',
    label: w.t('reports.column.grade'),
    value: (r) => (r.gradeLevel ? w.grade(r.gradeLevel) : ''),
  },
  {
    key: 'house',
    label: w.t('reports.column.house'),
    value: (r) => (r.house ? houseLabel(r.house) : ''),
  },
];

/** The columns of a student's sums, shared by My classes, Class report and School students. */
export const studentSumsColumns = (w: ReportWords): Column<StudentSumsRow>[] => [
  ...studentColumns<StudentSumsRow>(w),
  { key: 'earned', label: w.column('earned'), value: (r) => r.earned, numeric: true },
  { key: 'bonuses', label: w.column('bonusCount'), value: (r) => r.bonusCount, numeric: true },
  { key: 'flags', label: w.column('flagCount'), value: (r) => r.flagCount, numeric: true },
  { key: 'spent', label: w.column('spent'), value: (r) => r.spent, numeric: true },
  { key: 'balance', label: w.column('balance'), value: (r) => r.balance, numeric: true },
];

/** A class's students: their sums, with what was given in the class itself beside the bonuses and flags. */
export const classColumns = (w: ReportWords): Column<ClassSumsRow>[] =>
  studentSumsColumns(w).flatMap((c) =>
    c.key === 'flags'
      ? [
          c,
          {
            key: 'classBonuses',
            label: w.column('classBonusCount'),
            value: (r: ClassSumsRow) => r.classBonusCount,
            numeric: true,
          },
          {
            key: 'classFlags',
            label: w.column('classFlagCount'),
            value: (r: ClassSumsRow) => r.classFlagCount,
            numeric: true,
          },
        ]
      : [c],
  );

type GivenSums = {
  bonusPoints: number;
  bonusCount: number;
  flagPoints: number;
  flagCount: number;
  otherPoints: number;
  otherCount: number;
};

/** What a giver gave (teacher usage, to whom); `given` names the counts so ("Bonuses given"). */
export const givenColumns = <R extends GivenSums>(w: ReportWords, given: boolean): Column<R>[] => [
  {
    key: 'bonusCount',
    label: given ? w.t('reports.column.bonusesGiven') : w.column('bonusCount'),
    value: (r) => r.bonusCount,
    numeric: true,
  },
  {
    key: 'bonusPoints',
    label: w.column('bonusPoints'),
    value: (r) => r.bonusPoints,
    numeric: true,
  },
  {
    key: 'flagCount',
    label: given ? w.t('reports.column.flagsGiven') : w.column('flagCount'),
    value: (r) => r.flagCount,
    numeric: true,
  },
  { key: 'flagPoints', label: w.column('flagPoints'), value: (r) => r.flagPoints, numeric: true },
  {
    key: 'otherCount',
    label: given ? w.t('reports.column.otherGiven') : w.column('otherCount'),
    value: (r) => r.otherCount,
    numeric: true,
  },
];

export const personName = name;
