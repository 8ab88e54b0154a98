import type { StudentGroup } from '../../api';

interface Student {
  _id: string;
  externalStudentId: string;
}

/** The "Select all" box for the students shown: checked, partly checked, or empty. */
export function selectAllState(shown: readonly string[], selected: readonly string[]): { checked: boolean; indeterminate: boolean } {
  const n = shown.filter((id) => selected.includes(id)).length;
  return { checked: shown.length > 0 && n === shown.length, indeterminate: n > 0 && n < shown.length };
}

/** Selects (or clears) every shown student, leaving the hidden ones as they were. */
export function setShown(selected: readonly string[], shown: readonly string[], on: boolean): string[] {
  if (!on) return selected.filter((id) => !shown.includes(id));
  return [...selected, ...shown.filter((id) => !selected.includes(id))];
}

/** The external ids of a group's members who are on the roster. */
export function groupSelection(group: Pick<StudentGroup, 'studentIds'>, students: readonly Student[]): string[] {
  return students.filter((s) => group.studentIds.includes(s._id)).map((s) => s.externalStudentId);
}

/** Keeps only the selected students who are still on the roster. */
export const onRoster = (selected: readonly string[], students: readonly Student[]): string[] =>
  selected.filter((id) => students.some((s) => s.externalStudentId === id));
