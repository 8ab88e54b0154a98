/**
 * A student pins a saving goal in My Store, a teacher gives them points through the API, and the
 * student's home shows the bell's count and the goal's progress move without a reload
 * (docs/decisions/107-saving-goals.md, docs/decisions/108-notifications.md). The open bell and the
 * goal card pass axe.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { ActivityOptions } from '@app/domain';
import { describe, expect } from 'vitest';
import { apiLogin, givingDay } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();
const base = () => suite.server.baseURL;
/** An amount in the demo school's currency, as the screens write it: "1 Merit", "26 more Merits". */
const merits = (n: number, more = '') => `${n}${more} ${n === 1 ? 'Merit' : 'Merits'}`;

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base()}/api/v1/${path}`, {
    method,
    headers: { authtoken: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

describe('saving goal and the bell', () => {
  test(
    'a student pins a goal, receives points, and sees the bell and the progress move',
    { timeout: 120_000 },
    async ({ page }) => {
      const student = await apiLogin(base(), 'student1');
      const admin = await apiLogin(base(), 'admin');
      const teacher = await apiLogin(base(), 'teacher1');
      const balance0 = (
        await call<{ balance: number }>(student.token, 'GET', 'utility/student/balance/stats')
      ).balance;
      // A product a little beyond the student's balance, so the progress is partial.
      const price = Math.max(0, balance0) + 60;
      const name = 'E2E Goal Kite';
      await call(admin.token, 'POST', 'products/school', {
        name,
        description: 'Saved for in the goals test',
        category: 'Items',
        price,
        stock: 5,
      });

      await signIn(page, 'student1');
      // Pinned in My Store: the product's "My goal" toggle.
      await page.goto('/store');
      const pin = page.getByRole('button', { name: `My goal: ${name}`, exact: true });
      await pin.click();
      await expect.poll(() => pin.getAttribute('aria-pressed')).toBe('true');

      await page.goto('/');
      const bar = page.getByRole('progressbar', { name: `Saved toward ${name}: `, exact: false });
      const percent = (n: number) => Math.floor((Math.max(0, n) * 100) / price);
      await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe(String(percent(balance0)));
      await page
        .getByText(merits(price - Math.max(0, balance0), ' more'), { exact: true })
        .waitFor();
      const bell = page.getByRole('button', { name: /^Notifications, / });
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, none unread');
      const goalCard = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        goalCard.violations.map(
          (v) =>
            `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('; ')}`,
        ),
      ).toEqual([]);

      // The teacher gives through the API; the page is not reloaded.
      const options = await call<ActivityOptions>(teacher.token, 'GET', 'activity/options');
      const bonus = options.categories.Bonuses.find((o) => o.name === 'Helping others')!;
      await call(teacher.token, 'POST', 'activity/bulk', {
        externalStudentIds: [student.user.externalId],
        activityTypes: [bonus._id],
        date: await givingDay(base(), teacher.token),
        comment: 'e2e goal',
      });
      const balance1 = balance0 + bonus.points;
      // The bell polls every 20 seconds.
      await expect
        .poll(() => bell.getAttribute('aria-label'), { timeout: 45_000, interval: 500 })
        .toBe('Notifications, 1 unread');
      const counted = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(counted.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await expect
        .poll(() => bar.getAttribute('aria-valuenow'), { timeout: 15_000 })
        .toBe(String(percent(balance1)));
      await page
        .getByText(merits(price - Math.max(0, balance1), ' more'), { exact: true })
        .waitFor();

      // Opening the bell lists the give and marks it read.
      await bell.click();
      await page
        .getByText(`You received ${merits(bonus.points)}: Helping others`, { exact: true })
        .waitFor();
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, none unread');
      // Audited once its opening transition is over (mid-fade, its text is paler than it is).
      const dropdown = page.getByRole('dialog', { name: 'Notifications' });
      await expect.poll(() => dropdown.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      const opened = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        opened.violations.map(
          (v) =>
            `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('; ')}`,
        ),
      ).toEqual([]);
      const after = await call<{ unread: number }>(student.token, 'GET', 'notifications');
      expect(after.unread).toBe(0);
    },
  );
});
