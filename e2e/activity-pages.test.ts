import type { ActivityItem } from '@app/domain';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { apiGet } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

/** The activity lists ask for one page and, on "Show more", for the page after the last row shown. */

const { suite, test } = useE2E();
const get = <T>(token: string, path: string) => apiGet<T>(suite.server.baseURL, token, path);

/** The GET activity/ calls the page makes, as their query strings. */
function activityCalls(page: Page): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/v1/activity/' || url.pathname === '/api/v1/activity')
      calls.push(url.searchParams);
  });
  return calls;
}

describe('activity lists by pages', () => {
  test("a class's recent activity shows 25, then 25 more after the last one shown", async ({
    page,
  }) => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher1');
    const [math] = await get<{ _id: string }[]>(teacher.token, 'periods');
    const whole = await get<ActivityItem[]>(
      teacher.token,
      `activity/?internalPeriodId=${math!._id}&limit=60`,
    );
    expect(whole.length).toBeGreaterThan(50);
    const calls = activityCalls(page);
    await signIn(page, 'teacher1');
    await page.goto(`/class/${math!._id}`);
    const card = page.locator('.mantine-Card-root').filter({
      has: page.getByRole('heading', { name: 'Recent activity' }),
    });
    const rows = card.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(25);
    await card.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => rows.count()).toBe(50);
    // The list as the API orders it: nothing skipped, nothing twice.
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    shown.forEach((text, i) => {
      expect(text).toContain(whole[i]!.activityType);
      expect(text).toContain(whole[i]!.student.firstName);
    });
    const [first, second] = calls.filter((q) => q.get('internalPeriodId') === math!._id);
    expect(first?.get('limit')).toBe('25');
    expect(first?.get('before')).toBeNull();
    expect(second?.get('limit')).toBe('25');
    expect(second?.get('before')).toBe(whole[24]!._id);
  });
});
