import { allows, scopeFor, type Action, type PermissionSubject } from './policy.js';
import type { ReportTab } from './schemas-reports.js';

/**
 * The report tabs the user may open, in the screen's order (docs/decisions/015-who-opens-reports.md), from the permission
 * table: My classes for a teacher with periods; Class and Student reports for a reader of the
 * school's, or of their periods when they have some; each school report by its own action.
 */
export function reportTabs(s: PermissionSubject): ReportTab[] {
  const tabs: ReportTab[] = [];
  if (allows(s, 'periodMeta:read') && s.periodCount > 0) tabs.push('myClasses');
  const classes = scopeFor(s, 'reports:myClasses');
  if (classes === 'school' || (classes !== 'none' && s.periodCount > 0))
    tabs.push('class', 'student');
  if (allows(s, 'reports:teacherUsage')) tabs.push('teacherUsage');
  if (allows(s, 'reports:schoolStudents')) tabs.push('schoolStudents');
  if (allows(s, 'reports:schoolDashboard')) tabs.push('schoolDashboard');
  return tabs;
}

/**
 * The tabs of Reports behind their own permission rather than the meta's list (issue 34's and the
 * surveys'): a store manager reads Economy only, a PBIS coordinator Fairness.
 */
const OWN_PERMISSION_TABS = {
  fairness: 'reports:equity',
  economy: 'reports:economy',
  surveys: 'surveys:results',
} as const satisfies Record<string, Action>;
export type OwnPermissionTab = keyof typeof OWN_PERMISSION_TABS;

/** Whether the user may open one of the tabs behind their own permission. */
export const opensReportTab = (s: PermissionSubject, tab: OwnPermissionTab): boolean =>
  allows(s, OWN_PERMISSION_TABS[tab]);

/**
 * Every tab of Reports the user may open, in the screen's order: the meta's (reportTabs), then those
 * behind their own permission. The navigation shows Reports when this is not empty.
 */
export function screenReportTabs(s: PermissionSubject): (ReportTab | OwnPermissionTab)[] {
  const own = (Object.keys(OWN_PERMISSION_TABS) as OwnPermissionTab[]).filter((tab) =>
    opensReportTab(s, tab),
  );
  return [...reportTabs(s), ...own];
}

/**
 * The tab /reports opens on (docs/decisions/105-fulfilment-queue-and-redeem.md): a teacher's own classes when
 * they have some; otherwise the school dashboard for whoever may read it, since a school-wide
 * reader's Class report is empty until they pick a class; otherwise the first tab.
 */
export function openingReportTab<T extends string>(tabs: readonly T[]): T | undefined {
  if (tabs.includes('myClasses' as T)) return 'myClasses' as T;
  if (tabs.includes('schoolDashboard' as T)) return 'schoolDashboard' as T;
  return tabs[0];
}
