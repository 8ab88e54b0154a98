import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type DashboardStats } from '../../api';
import { installBrowserShims } from '../../api/test-shims';
import { clearSessionStorage } from '../../session/clearStored';
import { readDashboardCache, writeDashboardCache } from './dashboardCache';

const data = { studentId: 'u1', balance: 42 } as DashboardStats;

describe('the dashboard cache', () => {
  beforeEach(() => void installBrowserShims('/dashboard'));
  afterEach(() => vi.unstubAllGlobals());

  it('gives back what was saved for the same user and range', () => {
    writeDashboardCache('u1', 30, data, 1000);
    expect(readDashboardCache('u1', 30)).toEqual({ data, savedAt: 1000 });
  });

  it.each([
    ['another user', 'u2', 30],
    ['another range', 'u1', 7],
  ])('is not used for %s', (_what, user, days) => {
    writeDashboardCache('u1', 30, data);
    expect(readDashboardCache(user, days)).toBeUndefined();
  });

  it.each([
    'not json',
    JSON.stringify({ userId: 'u1', days: 30, savedAt: 1 }),
    JSON.stringify({ userId: 'u1', days: 30, data }),
  ])('ignores a damaged entry: %s', (raw) => {
    localStorage.setItem(STORAGE_KEYS.dashboardData, raw);
    expect(readDashboardCache('u1', 30)).toBeUndefined();
  });

  it('is cleared on logout with the rest of the session', () => {
    writeDashboardCache('u1', 30, data);
    clearSessionStorage();
    expect(localStorage.getItem(STORAGE_KEYS.dashboardData)).toBeNull();
    expect(readDashboardCache('u1', 30)).toBeUndefined();
  });
});
