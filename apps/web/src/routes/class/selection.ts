import type { BulkGiveBody, StudentGroup } from '../../api';

interface Student {
  _id: string;
  externalStudentId: string;
}

/** The "Select all" box for the students shown: checked, partly checked, or empty. */
export function selectAllState(
  shown: readonly string[],
  selected: readonly string[],
): { checked: boolean; indeterminate: boolean } {
  const n = shown.filter((id) => selected.includes(id)).length;
  return {
    checked: shown.length > 0 && n === shown.length,
    indeterminate: n > 0 && n < shown.length,
  };
}

/** Selects (or clears) every shown student, leaving the hidden ones as they were. */
export function setShown(
  selected: readonly string[],
  shown: readonly string[],
  on: boolean,
): string[] {
  if (!on) return selected.filter((id) => !shown.includes(id));
  return [...selected, ...shown.filter((id) => !selected.includes(id))];
}

/** The roster ids (`externalStudentId`) of a group's members who are on the roster. */
export function groupSelection(
  group: Pick<StudentGroup, 'studentIds'>,
  students: readonly Student[],
): string[] {
  return students.filter((s) => group.studentIds.includes(s._id)).map((s) => s.externalStudentId);
}

/** Keeps only the selected students who are still on the roster. */
export const onRoster = (selected: readonly string[], students: readonly Student[]): string[] =>
  selected.filter((id) => students.some((s) => s.externalStudentId === id));

/** Who a class give goes to: a whole group (so it can be undone by group) or a list of students. */
export type ClassGiveSelectors = Pick<
  BulkGiveBody,
  'internalPeriodId' | 'groupIds' | 'externalStudentIds'
>;

/**
 * Gives through the chosen group only while the selection is exactly its members (as a set) and
 * every member is on the roster, so the group reaches nobody the teacher cannot see; any change by
 * hand falls back to the selected students.
 */
export function giveSelectors(
  periodId: string,
  selected: readonly string[],
  group: Pick<StudentGroup, '_id' | 'studentIds'> | null | undefined,
  students: readonly Student[],
): ClassGiveSelectors {
  const byRosterIds = { internalPeriodId: periodId, externalStudentIds: [...selected] };
  if (!group) return byRosterIds;
  const members = groupSelection(group, students);
  const wholeGroup = members.length > 0 && members.length === new Set(group.studentIds).size;
  const chosen = new Set(selected);
  const same = chosen.size === members.length && members.every((id) => chosen.has(id));
  return wholeGroup && same ? { internalPeriodId: periodId, groupIds: [group._id] } : byRosterIds;
}
