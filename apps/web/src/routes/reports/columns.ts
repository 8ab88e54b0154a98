import type { StudentSumsRow } from '../../api';
import type { Column } from './SortableTable';

const name = (r: { firstName: string; lastName: string }) => `${r.lastName}, ${r.firstName}`;

/** The columns of a student's sums, shared by My classes, Class report and School students. */
export const STUDENT_COLUMNS: Column<StudentSumsRow>[] = [
  { key: 'name', label: 'Student', value: name },
  { key: 'grade', label: 'Grade', value: (r) => r.gradeLevel ?? '' },
  { key: 'house', label: 'House', value: (r) => r.house ?? '' },
  { key: 'earned', label: 'Earned', value: (r) => r.earned, numeric: true },
  { key: 'bonuses', label: 'Bonuses', value: (r) => r.bonusCount, numeric: true },
  { key: 'flags', label: 'Flags', value: (r) => r.flagCount, numeric: true },
  { key: 'spent', label: 'Spent', value: (r) => r.spent, numeric: true },
  { key: 'balance', label: 'Balance', value: (r) => r.balance, numeric: true },
];

export const personName = name;
