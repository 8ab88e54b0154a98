import { gradeLabel, houseLabel } from '@app/domain';
import type { GiveResult } from '../../api';
import { signedPoints } from '../points';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Who a give reaches, as the giving screens describe it. */
export type GiveTarget =
  | { kind: 'students'; count: number }
  | { kind: 'houses'; names: readonly string[] }
  | { kind: 'grades'; values: readonly string[] }
  | { kind: 'period'; label: string }
  | { kind: 'group'; name: string };

/** Whether the target names anybody at all (the Give button stays disabled otherwise). */
export function hasTarget(t: GiveTarget): boolean {
  switch (t.kind) {
    case 'students':
      return t.count > 0;
    case 'houses':
      return t.names.length > 0;
    case 'grades':
      return t.values.length > 0;
    case 'period':
    case 'group':
      return true;
  }
}

/** The Give button's accessible name: "Give to 3 students", "Give to house Amistad", … */
export function giveButtonLabel(t: GiveTarget): string {
  if (!hasTarget(t)) return 'Give';
  switch (t.kind) {
    case 'students':
      return `Give to ${plural(t.count, 'student')}`;
    case 'houses':
      return t.names.length === 1
        ? `Give to house ${houseLabel(t.names[0]!)}`
        : `Give to ${plural(t.names.length, 'house')}`;
    case 'grades':
      return t.values.length === 1
        ? `Give to ${gradeLabel(t.values[0]!)}`
        : `Give to ${plural(t.values.length, 'grade level')}`;
    case 'period':
      return `Give to all of ${t.label}`;
    case 'group':
      return `Give to group ${t.name}`;
  }
}

/** Points each student received in one give (the sum of its actions). */
export const pointsPerStudent = (r: Pick<GiveResult, 'activityTypes'>) =>
  r.activityTypes.reduce((n, t) => n + t.points, 0);

/**
 * "Gave 10 points to 30 students" / "Took 3 points from 1 student", and when a flag also took the
 * day's Daily Behavior points back, that too: "…, and 2 Daily Behavior points the day had given".
 */
export function giveResultText(
  r: Pick<GiveResult, 'activityTypes' | 'studentCount'> &
    Partial<Pick<GiveResult, 'dailyBehaviorTakenBack'>>,
): string {
  const each = pointsPerStudent(r);
  const who = plural(r.studentCount, 'student');
  const main =
    each < 0
      ? `Took ${plural(-each, 'point')} from ${who}`
      : `Gave ${plural(each, 'point')} to ${who}`;
  const back = r.dailyBehaviorTakenBack;
  if (!back || back.points === 0) return main;
  const per = Math.round(-back.points / back.students);
  const whom =
    back.students === r.studentCount
      ? r.studentCount === 1
        ? ''
        : ' each'
      : ` from ${plural(back.students, 'of them', 'of them')}`;
  return `${main}, and ${plural(per, 'Daily Behavior point')}${whom} the day had already given`;
}

/** A give this large asks "are you sure?" first: more than a class of students, or many points each. */
const CONFIRM_ABOVE_STUDENTS = 35;
const CONFIRM_FROM_POINTS = 25;

/** Whether a give asks for confirmation: whole houses or grade levels, more than a class, or ±25 points or more each. */
export function needsConfirmation(t: GiveTarget, pointsEach: number): boolean {
  if (Math.abs(pointsEach) >= CONFIRM_FROM_POINTS) return true;
  if (t.kind === 'houses' || t.kind === 'grades') return hasTarget(t);
  return t.kind === 'students' && t.count > CONFIRM_ABOVE_STUDENTS;
}

/** "Give 30 points each to 40 students?" as the confirmation asks it. */
export function confirmText(t: GiveTarget, pointsEach: number): string {
  const what =
    pointsEach < 0
      ? `Take ${plural(-pointsEach, 'point')} each from`
      : `Give ${plural(pointsEach, 'point')} each to`;
  const who = giveButtonLabel(t).replace(/^Give to /, '');
  return `${what} ${who}?`;
}

/** Who is chosen, as the action bar says it: "3 students selected", "House Amistad", "All of 1st Period — Math 6". */
export function targetSummary(t: GiveTarget): string {
  switch (t.kind) {
    case 'students':
      return `${plural(t.count, 'student')} selected`;
    case 'houses':
      return t.names.length === 1
        ? `House ${houseLabel(t.names[0]!)}`
        : `${plural(t.names.length, 'house')}: ${t.names.map(houseLabel).join(', ')}`;
    case 'grades':
      return t.values.length === 1
        ? gradeLabel(t.values[0]!)
        : `${plural(t.values.length, 'grade level')}: ${t.values.map(gradeLabel).join(', ')}`;
    case 'period':
      return `All of ${t.label}`;
    case 'group':
      return `Group ${t.name}`;
  }
}

/**
 * What a give will give each student, as the action bar says it: "+2 Participation", or for
 * several actions "+2 Participation, −3 Late to class (−1 each)"; null when none is chosen.
 */
export function actionsSummary(
  actions: readonly { name: string; points: number }[],
): string | null {
  if (!actions.length) return null;
  const list = actions.map((a) => `${signedPoints(a.points)} ${a.name}`).join(', ');
  if (actions.length === 1) return list;
  return `${list} (${signedPoints(actions.reduce((n, a) => n + a.points, 0))} each)`;
}
