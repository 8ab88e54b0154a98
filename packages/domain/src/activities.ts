import type { ActivityCategory } from './constants.js';

/** Flags take points away; every other category adds them. */
export const isNegativeCategory = (category: string) => category === 'Flags';

/**
 * Points of one activity: flags use the school's flag points for the giver's kind (admin or not),
 * stored as positive amounts and applied as a deduction; other types carry their own points.
 */
export function activityPoints(
  type: { category: string; points: number },
  giverIsAdmin: boolean,
  school: { adminFlagPoints: number; nonAdminFlagPoints: number },
): number {
  if (type.category === 'Flags')
    return -Math.abs(giverIsAdmin ? school.adminFlagPoints : school.nonAdminFlagPoints);
  return Math.abs(type.points);
}

/** An edited amount must keep the sign of its category. */
export function pointsFitCategory(category: ActivityCategory | string, points: number): boolean {
  if (!Number.isInteger(points) || points === 0 || Math.abs(points) > 1000) return false;
  return isNegativeCategory(category) ? points < 0 : points > 0;
}
