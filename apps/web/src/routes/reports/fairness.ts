import {
  gradeOrNoneText,
  groupLabelKey,
  groupsOfConcern,
  type EquityAnswer,
  type EquityBreakdown,
  type MessageKey,
  type Translator,
} from '@app/domain';

/* The fairness report's words and chart (issue 34), pure so they are tested without a screen. */

type Row = EquityAnswer['groups'][number];

/** A group's name in the screens' language: "Asian", "7th Grade", "No grade", "Not known". */
export function groupName(t: Translator, by: EquityBreakdown, group: string): string {
  if (by === 'grade') return gradeOrNoneText(t, group === 'none' ? null : group);
  return t(groupLabelKey(by, group));
}

/** The chart's bars: the risk ratios of the groups shown; a suppressed group has none to draw. */
export function riskChartData(rows: readonly Row[], name: (group: string) => string) {
  return rows
    .filter((r) => !r.suppressed)
    .map((r) => ({ group: name(r.group), bonus: r.bonusRiskRatio, flag: r.flagRiskRatio }));
}

/**
 * The line under the title: the groups flagged over 1.5 times or recognised under 0.67 times as
 * often as the others, each list joined in the language ("Asian and White"), or that none is.
 */
export function concernLines(
  rows: readonly Row[],
  name: (group: string) => string,
  list: (names: string[]) => string,
): { key: MessageKey; values?: Record<string, string> }[] {
  const { flaggedMore, recognizedLess } = groupsOfConcern(rows);
  const lines: { key: MessageKey; values?: Record<string, string> }[] = [];
  if (flaggedMore.length)
    lines.push({
      key: 'reports.fairness.flaggedMore',
      values: { groups: list(flaggedMore.map(name)) },
    });
  if (recognizedLess.length)
    lines.push({
      key: 'reports.fairness.recognizedLess',
      values: { groups: list(recognizedLess.map(name)) },
    });
  return lines.length ? lines : [{ key: 'reports.fairness.noConcern' }];
}
