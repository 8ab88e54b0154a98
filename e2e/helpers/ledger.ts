/** Reading a running server's points through its API, for end-to-end expectations. */
import type { ActivityItem, ClassStudentStats } from '@app/domain';

/** The fields of a student that both class-stats and school/students answer with. */
export type ClassStudent = Pick<
  ClassStudentStats,
  '_id' | 'externalStudentId' | 'firstName' | 'lastName'
>;

export async function apiGet<T>(baseURL: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}/api/v1/${path}`, { headers: { authtoken: token } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface Ledger {
  balance: number;
  activities: Map<string, ActivityItem>;
}

/**
 * A student's balance with the activities behind it, read so that both agree: the list is read
 * before and after the balance and must not change in between (the hourly daily-points job may
 * add or take points at any time). Without `studentId` the token's own (a student's) ledger.
 */
export async function readLedger(
  baseURL: string,
  token: string,
  studentId?: string,
): Promise<Ledger> {
  const q = studentId ? `studentId=${studentId}&` : '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await apiGet<ActivityItem[]>(baseURL, token, `activity/?${q}limit=1000`);
    const { balance } = await apiGet<{ balance: number }>(
      baseURL,
      token,
      `utility/student/balance/stats${studentId ? `?studentId=${studentId}` : ''}`,
    );
    const after = await apiGet<ActivityItem[]>(baseURL, token, `activity/?${q}limit=1000`);
    if (
      JSON.stringify(before.map((a) => [a._id, a.points])) ===
      JSON.stringify(after.map((a) => [a._id, a.points]))
    )
      return { balance, activities: new Map(after.map((a) => [a._id, a])) };
  }
  throw new Error('the ledger kept changing');
}

/** What changed between two readings: new activities, removed ones, and the balance difference. */
export function ledgerDiff(before: Ledger, after: Ledger) {
  const added = [...after.activities.values()].filter((a) => !before.activities.has(a._id));
  const removed = [...before.activities.values()].filter((a) => !after.activities.has(a._id));
  const net = added.reduce((n, a) => n + a.points, 0) - removed.reduce((n, a) => n + a.points, 0);
  return { added, removed, net, delta: after.balance - before.balance };
}

export const fullName = (s: { firstName: string; lastName: string }) =>
  `${s.firstName} ${s.lastName}`;
