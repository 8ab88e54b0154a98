import { allows, scopeFor, type PermissionSubject } from './policy.js';
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
 * The tab /reports opens on (docs/decisions/105-fulfilment-queue-and-redeem.md): a teacher's own classes when
 * they have some; otherwise the school dashboard for whoever may read it, since a school-wide
 * reader's Class report is empty until they pick a class; otherwise the first tab.
 */
export function openingReportTab<T extends string>(tabs: readonly T[]): T | undefined {
  if (tabs.includes('myClasses' as T)) return 'myClasses' as T;
  if (tabs.includes('schoolDashboard' as T)) return 'schoolDashboard' as T;
  return tabs[0];
}
