/**
 * Calls one handler answers at two paths (or two methods): each is its own entry of the contract,
 * and the server registers the same handler for both. The one list of them.
 */
export const ALIASES = [
  {
    call: 'activity.teacherReport',
    sameAs: 'reports.teacherUsage',
    why: "The spec's teacher report; the reports screen's tab has its own path beside the other tabs.",
  },
  {
    call: 'activity.studentReport',
    sameAs: 'reports.schoolStudents',
    why: "The spec's student report; the reports screen's tab has its own path beside the other tabs.",
  },
  {
    call: 'activity.classReport',
    sameAs: 'reports.getClass',
    why: "The spec's class report takes its filters as a POST body (the period as internalPeriodId); the tab's GET takes them as the query. Same report, same answer.",
  },
  {
    call: 'guardian.unsubscribeOneClick',
    sameAs: 'guardian.unsubscribe',
    why: "The digest's link is a GET; mail programs' one-click unsubscribe (RFC 8058) POSTs to the same address.",
  },
] as const satisfies readonly { call: string; sameAs: string; why: string }[];
