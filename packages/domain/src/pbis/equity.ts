import { groupOrder, type EquityBreakdown } from './demographics.js';

/*
 * Fairness by group (issue 34): who receives recognition and who receives flags, per group of a
 * breakdown, as risk ratios, with small groups suppressed so no figure describes fewer than ten
 * students.
 */

/** Groups of fewer students than this show no figure. */
export const MIN_GROUP_SIZE = 10;

/** The figures of one student over the range: how many bonuses and flags they received. */
export interface EquityStudent {
  group: string;
  bonuses: number;
  flags: number;
}

export interface EquityRow {
  group: string;
  students: number | null;
  /** The share of the group's students who received at least one bonus. */
  recognizedShare: number | null;
  bonusesPerStudent: number | null;
  flagsPerStudent: number | null;
  bonusRiskRatio: number | null;
  flagRiskRatio: number | null;
  suppressed: boolean;
}

const round = (x: number, places: number) => {
  const f = 10 ** places;
  return Math.round(x * f) / f;
};

/**
 * A group's risk ratio: the share of its students with the outcome divided by the share of all
 * other students with it (the measure of the U.S. Department of Education's significant
 * disproportionality rule, 34 CFR 300.647). Null when there are no other students or none of them
 * had the outcome (nothing to divide by). Two decimals.
 */
export function riskRatio(
  groupHits: number,
  groupStudents: number,
  otherHits: number,
  otherStudents: number,
): number | null {
  if (groupStudents <= 0 || otherStudents <= 0) return null;
  const others = otherHits / otherStudents;
  if (others === 0) return null;
  return round(groupHits / groupStudents / others, 2);
}

/**
 * Which groups of a breakdown show no figure. The rule, in three steps:
 * 1. a group of fewer than `min` students;
 * 2. a group whose complement (the students not in it) is fewer than `min` but more than none: its
 *    figures and the school's would give the complement's;
 * 3. complementary suppression: the figures shown (each group's, and each risk ratio, which states
 *    the rate of "all other students") let the suppressed groups be worked out together. While only
 *    one group is suppressed, or those suppressed hold fewer than `min` students together, the
 *    smallest group still shown is suppressed too (ties: the later in the breakdown's order).
 * Groups of no student are not listed and count for nothing.
 */
export function suppressedGroups(
  groups: readonly { group: string; students: number }[],
  min = MIN_GROUP_SIZE,
): Set<string> {
  const listed = groups.filter((g) => g.students > 0);
  const total = listed.reduce((a, g) => a + g.students, 0);
  const out = new Set(
    listed
      .filter((g) => g.students < min || (total - g.students > 0 && total - g.students < min))
      .map((g) => g.group),
  );
  const held = () => listed.filter((g) => out.has(g.group)).reduce((a, g) => a + g.students, 0);
  while (out.size > 0 && (out.size === 1 || held() < min)) {
    const shown = listed.filter((g) => !out.has(g.group));
    if (!shown.length) break;
    // The smallest; among equals the last listed, so the order of the breakdown decides, not chance.
    const next = shown.reduce((a, g) => (g.students <= a.students ? g : a));
    out.add(next.group);
  }
  return out;
}

/**
 * The fairness report's rows of one breakdown from each student's figures: per group its size, the
 * share recognised (at least one bonus), bonuses and flags per student, and the risk ratios of a
 * bonus and of a flag against all other students. Suppressed groups (suppressedGroups) carry no
 * figure at all, their size included.
 */
export function equityRows(by: EquityBreakdown, students: readonly EquityStudent[]): EquityRow[] {
  const byGroup = new Map<
    string,
    { n: number; bonuses: number; flags: number; recognized: number; flagged: number }
  >();
  for (const s of students) {
    const g = byGroup.get(s.group) ?? { n: 0, bonuses: 0, flags: 0, recognized: 0, flagged: 0 };
    g.n += 1;
    g.bonuses += s.bonuses;
    g.flags += s.flags;
    if (s.bonuses > 0) g.recognized += 1;
    if (s.flags > 0) g.flagged += 1;
    byGroup.set(s.group, g);
  }
  const total = students.length;
  const recognized = students.filter((s) => s.bonuses > 0).length;
  const flagged = students.filter((s) => s.flags > 0).length;
  const hidden = suppressedGroups([...byGroup].map(([group, g]) => ({ group, students: g.n })));
  return [...byGroup]
    .sort(([a], [b]) => groupOrder(by, a, b))
    .map(([group, g]) =>
      hidden.has(group)
        ? {
            group,
            students: null,
            recognizedShare: null,
            bonusesPerStudent: null,
            flagsPerStudent: null,
            bonusRiskRatio: null,
            flagRiskRatio: null,
            suppressed: true,
          }
        : {
            group,
            students: g.n,
            recognizedShare: round(g.recognized / g.n, 3),
            bonusesPerStudent: round(g.bonuses / g.n, 2),
            flagsPerStudent: round(g.flags / g.n, 2),
            bonusRiskRatio: riskRatio(g.recognized, g.n, recognized - g.recognized, total - g.n),
            flagRiskRatio: riskRatio(g.flagged, g.n, flagged - g.flagged, total - g.n),
            suppressed: false,
          },
    );
}

/** The report's line names groups whose flag risk ratio is above this… */
export const FLAG_RISK_HIGH = 1.5;
/** …or whose bonus risk ratio is below this. */
export const BONUS_RISK_LOW = 0.67;

/** The groups the report's line names: flagged more than 1.5 times, or recognised under 0.67 times, as often as the others. */
export function groupsOfConcern(rows: readonly EquityRow[]): {
  flaggedMore: string[];
  recognizedLess: string[];
} {
  return {
    flaggedMore: rows
      .filter((r) => r.flagRiskRatio !== null && r.flagRiskRatio > FLAG_RISK_HIGH)
      .map((r) => r.group),
    recognizedLess: rows
      .filter((r) => r.bonusRiskRatio !== null && r.bonusRiskRatio < BONUS_RISK_LOW)
      .map((r) => r.group),
  };
}
