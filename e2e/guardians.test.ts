/**
 * Guardians in Chromium (issue 21, docs/decisions/115-guardians.md): a school admin invites a
 * guardian for student1 under Settings → Guardians; the guardian sets up their account from the
 * mail (loopback SMTP), lands on /family, sees student1's balance and a teacher's comment, and not
 * student2 (no tab, and the API answers 403), and later signs in with an e-mailed one-time link.
 * The demo's guardian1 sees both of their children.
 * axe (WCAG 2.1 AA) at 0 violations on /family and the Guardians tab.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { fullName } from '@app/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { linkIn, startSmtpServer } from '../apps/server/test/helpers/smtp.js';
import { apiLogin, givingDay } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { useE2E } from './helpers/suite.js';

const smtp = await startSmtpServer();
const { suite, test } = useE2E({ SMTP_URL: smtp.url });
afterAll(() => smtp.stop());
const base = () => suite.server.baseURL;

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

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

interface Student {
  _id: string;
  firstName: string;
  lastName: string;
  externalStudentId: string;
}

describe('guardians', () => {
  test('an admin invites a guardian for student1, who sets up the account from the mail and sees student1 only', async ({
    page,
  }) => {
    const admin = await apiLogin(base(), 'admin');
    const students = await call<Student[]>(admin.token, 'GET', 'school/students');
    const byExternal = (id: string) => students.find((s) => s.externalStudentId === id)!;
    const [one, two] = [byExternal('S1001'), byExternal('S1002')];
    // A teacher's bonus with a comment, which the guardian will read.
    const teacher = await apiLogin(base(), 'teacher1');
    await call(teacher.token, 'POST', 'activity/bulk', {
      externalStudentIds: [one.externalStudentId],
      activityTypes: [{ name: 'Helped at the book fair', category: 'Bonuses', points: 7 }],
      date: await givingDay(base(), teacher.token),
      comment: 'Carried every box without being asked',
    });
    const { balance } = await call<{ balance: number }>(
      admin.token,
      'GET',
      `utility/student/balance/stats?studentId=${one._id}`,
    );

    await signIn(page, 'admin');
    await page.goto('/settings?tab=guardians');
    await page.getByRole('heading', { name: 'Invite a guardian', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Guardians', level: 2 }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'First name' }).fill('Maria');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Parent');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('maria.parent@example.org');
    const picker = page.getByRole('textbox', { name: 'Students' });
    await picker.fill(one.lastName);
    await page.getByRole('option', { name: new RegExp(`^${fullName(one)}\\b`) }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to maria.parent@example.org.').waitFor();
    await page.getByRole('cell', { name: fullName(one), exact: true }).waitFor();
    await expectNoAxeViolations(page);

    const link = linkIn(await smtp.next('maria.parent@example.org'), '/account-setup');
    const context = await suite.browser.newContext({
      baseURL: base(),
      viewport: { width: 1280, height: 800 },
    });
    context.setDefaultTimeout(15_000);
    try {
      const guardianPage = await context.newPage();
      await guardianPage.goto(link.pathname + link.search);
      await guardianPage
        .getByRole('textbox', { name: 'Username', exact: true })
        .fill('maria.parent');
      await guardianPage
        .getByRole('textbox', { name: 'New password', exact: true })
        .fill('a good family password');
      await guardianPage
        .getByRole('textbox', { name: 'Repeat the new password', exact: true })
        .fill('a good family password');
      await guardianPage.getByRole('button', { name: 'Set up my account' }).click();
      await guardianPage.waitForURL((url) => url.pathname === '/family');
      await guardianPage.getByRole('heading', { name: 'Family', level: 1 }).waitFor();
      await guardianPage.getByRole('tab', { name: fullName(one) }).waitFor();
      expect(await guardianPage.getByRole('tab').count()).toBe(1);
      expect(await guardianPage.getByRole('tab', { name: fullName(two) }).count()).toBe(0);
      await guardianPage.getByText('Carried every box without being asked').first().waitFor();
      const figure = guardianPage
        .getByText('Balance', { exact: true })
        .locator('xpath=following-sibling::*[1]');
      await expect.poll(() => figure.textContent()).toBe(balance.toLocaleString('en-US'));
      await expectNoAxeViolations(guardianPage);

      // Another student of the school, through the API with the guardian's own session: refused.
      const token = await guardianPage.evaluate(
        () => Object.entries(localStorage).find(([k]) => /token/i.test(k))?.[1],
      );
      const status = (path: string) =>
        guardianPage.evaluate(
          async ([p, t]) =>
            (await fetch(`/api/v1/${p}`, { headers: { authtoken: String(t).replace(/"/g, '') } }))
              .status,
          [path, token] as const,
        );
      expect(await status(`utility/student/balance/stats?studentId=${one._id}`)).toBe(200);
      expect(await status(`utility/student/balance/stats?studentId=${two._id}`)).toBe(403);
      expect(await status(`activity/?studentId=${two._id}`)).toBe(403);
    } finally {
      await context.close();
    }

    // Later, without the password: "E-mail me a sign-in link" on /login, then the mailed link.
    const later = await suite.browser.newContext({
      baseURL: base(),
      viewport: { width: 1280, height: 800 },
    });
    later.setDefaultTimeout(15_000);
    try {
      const guardianPage = await later.newPage();
      await guardianPage.goto('/login');
      await guardianPage.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await guardianPage
        .getByRole('textbox', { name: 'E-mail address' })
        .fill('maria.parent@example.org');
      await guardianPage.getByRole('button', { name: 'Send the link' }).click();
      await guardianPage.getByText(/^If a guardian account uses this address/).waitFor();
      const raw = (await smtp.next('maria.parent@example.org')).raw.replace(/=\r?\n/g, '');
      const signInLink = /\/login\?link=3D([A-Za-z0-9_-]+)|\/login\?link=([A-Za-z0-9_-]+)/.exec(
        raw,
      );
      expect(signInLink).not.toBeNull();
      await guardianPage.goto(`/login?link=${signInLink![1] ?? signInLink![2]}`);
      await guardianPage.waitForURL((url) => url.pathname === '/family');
      await guardianPage.getByRole('tab', { name: fullName(one) }).waitFor();
    } finally {
      await later.close();
    }
  });

  test('the demo guardian1 sees both children, student1 and student2', async ({ page }) => {
    const admin = await apiLogin(base(), 'admin');
    const students = await call<Student[]>(admin.token, 'GET', 'school/students');
    const names = ['S1001', 'S1002'].map((id) =>
      fullName(students.find((s) => s.externalStudentId === id)!),
    );
    await signIn(page, 'guardian1');
    await page.waitForURL((url) => url.pathname === '/family');
    for (const name of names) await page.getByRole('tab', { name }).waitFor();
    await page.getByRole('tab', { name: names[1] }).click();
    await page.getByRole('heading', { name: 'Figures', level: 2 }).waitFor();
    await expectNoAxeViolations(page);
  });
});
