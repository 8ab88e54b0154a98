import type { GiveSelectors } from '../../components/giving/GivePanel';
import type { GiveTarget } from '../../components/giving/giveText';

export type TargetMode = 'students' | 'houses' | 'grades' | 'period';

export interface TargetState {
  mode: TargetMode;
  /** External student ids. */
  students: string[];
  houses: string[];
  grades: string[];
  periodId: string | null;
  groupId: string | null;
}

export const EMPTY_TARGET: TargetState = {
  mode: 'students',
  students: [],
  houses: [],
  grades: [],
  periodId: null,
  groupId: null,
};

/** Only the chosen mode's selection is sent; the others stay for when the user switches back. */
export function targetRequest(
  s: TargetState,
  names: { period?: string; group?: string } = {},
): { target: GiveTarget; selectors: GiveSelectors } {
  switch (s.mode) {
    case 'students':
      return {
        target: { kind: 'students', count: s.students.length },
        selectors: { externalStudentIds: s.students },
      };
    case 'houses':
      return { target: { kind: 'houses', names: s.houses }, selectors: { houseNames: s.houses } };
    case 'grades':
      return { target: { kind: 'grades', values: s.grades }, selectors: { gradeLevels: s.grades } };
    case 'period':
      if (!s.periodId) return { target: { kind: 'students', count: 0 }, selectors: {} };
      if (s.groupId)
        return {
          target: { kind: 'group', name: names.group ?? 'group' },
          selectors: { internalPeriodId: s.periodId, groupIds: [s.groupId] },
        };
      return {
        target: { kind: 'period', label: names.period ?? 'the class' },
        selectors: { internalPeriodId: s.periodId },
      };
  }
}
