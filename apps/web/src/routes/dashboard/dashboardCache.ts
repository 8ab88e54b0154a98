import { readStored, STORAGE_KEYS, writeStored, type DashboardStats } from '../../api';

/**
 * The student's dashboard kept in local storage (docs/spec.md section 2: logout clears "the cached student
 * orders and dashboard data"), so the dashboard paints at once on the next visit while it asks
 * again. One entry: the user and range it belongs to, when it was fetched, and the answer.
 */
interface Cached {
  userId: string;
  days: number;
  savedAt: number;
  data: DashboardStats;
}

export function readDashboardCache(
  userId: string,
  days: number,
): { data: DashboardStats; savedAt: number } | undefined {
  const raw = readStored(STORAGE_KEYS.dashboardData);
  if (!raw) return undefined;
  try {
    const c = JSON.parse(raw) as Partial<Cached>;
    // Another person's, another range's or a damaged entry is not this dashboard.
    if (
      c.userId !== userId ||
      c.days !== days ||
      typeof c.savedAt !== 'number' ||
      !c.data ||
      typeof c.data.balance !== 'number'
    )
      return undefined;
    return { data: c.data, savedAt: c.savedAt };
  } catch {
    return undefined;
  }
}

export function writeDashboardCache(
  userId: string,
  days: number,
  data: DashboardStats,
  now = Date.now(),
): void {
  const entry: Cached = { userId, days, savedAt: now, data };
  writeStored(STORAGE_KEYS.dashboardData, JSON.stringify(entry));
}
