import { gradeLabel } from '@app/domain';
import type { GiveResult } from '../api';

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

/** The Give button's accessible name: "Give to 3 students", "Give to house amistad", … */
export function giveButtonLabel(t: GiveTarget): string {
  if (!hasTarget(t)) return 'Give';
  switch (t.kind) {
    case 'students':
      return `Give to ${plural(t.count, 'student')}`;
    case 'houses':
      return t.names.length === 1 ? `Give to house ${t.names[0]}` : `Give to ${plural(t.names.length, 'house')}`;
    case 'grades':
      return t.values.length === 1 ? `Give to ${gradeLabel(t.values[0]!)}` : `Give to ${plural(t.values.length, 'grade level')}`;
    case 'period':
      return `Give to all of ${t.label}`;
    case 'group':
      return `Give to group ${t.name}`;
  }
}

/** Points each student received in one give (the sum of its actions). */
export const pointsPerStudent = (r: Pick<GiveResult, 'activityTypes'>) => r.activityTypes.reduce((n, t) => n + t.points, 0);

/** "Gave 10 points to 30 students" / "Took 3 points from 1 student". */
export function giveResultText(r: Pick<GiveResult, 'activityTypes' | 'studentCount'>): string {
  const each = pointsPerStudent(r);
  const who = plural(r.studentCount, 'student');
  if (each < 0) return `Took ${plural(-each, 'point')} from ${who}`;
  return `Gave ${plural(each, 'point')} to ${who}`;
}
