import { houseLabel } from '@app/domain';
import type { GiveResult } from '../../api';
import type { Translate } from '../../i18n/useT';
import { signedPoints } from '../points';
import { gradeName } from './labels';

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

/** Whom a give reaches, as a phrase: "3 students", "house Amistad", "all of 1st Period — Math 6". */
function whom(t: Translate, target: GiveTarget): string {
  switch (target.kind) {
    case 'students':
      return t('giving.whoStudents', { count: target.count });
    case 'houses':
      return target.names.length === 1
        ? t('giving.whoHouse', { name: houseLabel(target.names[0]!) })
        : t('giving.whoHouses', { count: target.names.length });
    case 'grades':
      return target.values.length === 1
        ? gradeName(t, target.values[0]!)
        : t('giving.whoGrades', { count: target.values.length });
    case 'period':
      return t('giving.whoPeriod', { label: target.label });
    case 'group':
      return t('giving.whoGroup', { name: target.name });
  }
}

/** The Give button's accessible name: "Give to 3 students", "Give to house Amistad", … */
export function giveButtonLabel(t: Translate, target: GiveTarget): string {
  if (!hasTarget(target)) return t('giving.give');
  return t('giving.giveTo', { who: whom(t, target) });
}

/** Points each student received in one give (the sum of its actions). */
export const pointsPerStudent = (r: Pick<GiveResult, 'activityTypes'>) =>
  r.activityTypes.reduce((n, a) => n + a.points, 0);

/**
 * "Gave 10 points to 30 students" / "Took 3 points from 1 student", and when a flag also took the
 * day's Daily Behavior points back, that too: "…, and 2 Daily Behavior points the day had given".
 */
export function giveResultText(
  t: Translate,
  r: Pick<GiveResult, 'activityTypes' | 'studentCount'> &
    Partial<Pick<GiveResult, 'dailyBehaviorTakenBack'>>,
): string {
  const each = pointsPerStudent(r);
  const main =
    each < 0
      ? t('giving.took', { count: -each, students: r.studentCount })
      : t('giving.gave', { count: each, students: r.studentCount });
  const back = r.dailyBehaviorTakenBack;
  if (!back || back.points === 0) return main;
  const count = Math.round(-back.points / back.students);
  if (back.students !== r.studentCount)
    return t('giving.behaviorBackSome', { main, count, students: back.students });
  return t(r.studentCount === 1 ? 'giving.behaviorBack' : 'giving.behaviorBackEach', {
    main,
    count,
  });
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
export function confirmText(t: Translate, target: GiveTarget, pointsEach: number): string {
  const who = whom(t, target);
  return pointsEach < 0
    ? t('giving.confirmTake', { count: -pointsEach, who })
    : t('giving.confirmGive', { count: pointsEach, who });
}

/** Who is chosen, as the action bar says it: "3 students selected", "House Amistad", "All of 1st Period — Math 6". */
export function targetSummary(t: Translate, target: GiveTarget): string {
  switch (target.kind) {
    case 'students':
      return t('giving.selectedStudents', { count: target.count });
    case 'houses':
      return target.names.length === 1
        ? t('giving.summaryHouse', { name: houseLabel(target.names[0]!) })
        : t('giving.summaryHouses', {
            count: target.names.length,
            names: target.names.map(houseLabel).join(', '),
          });
    case 'grades':
      return target.values.length === 1
        ? gradeName(t, target.values[0]!)
        : t('giving.summaryGrades', {
            count: target.values.length,
            names: target.values.map((g) => gradeName(t, g)).join(', '),
          });
    case 'period':
      return t('giving.summaryPeriod', { label: target.label });
    case 'group':
      return t('giving.summaryGroup', { name: target.name });
  }
}

/**
 * What a give will give each student, as the action bar says it: "+2 Participation", or for
 * several actions "+2 Participation, −3 Late to class (−1 each)"; null when none is chosen.
 */
export function actionsSummary(
  t: Translate,
  actions: readonly { name: string; points: number }[],
): string | null {
  if (!actions.length) return null;
  const list = actions.map((a) => `${signedPoints(a.points)} ${a.name}`).join(', ');
  if (actions.length === 1) return list;
  const points = signedPoints(actions.reduce((n, a) => n + a.points, 0));
  return t('giving.actionsEach', { list, points });
}
