import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { apiGet } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

// Surveys on (the other e2e files turn them off): the student test answers one.
const { suite, test } = useE2E({ SURVEYS: 'true' });

/** axe-core's WCAG 2.1 AA violations on the page as it is now, as 'rule: targets' lines. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

const tabNames = (page: Page) => page.getByRole('tab').allInnerTexts();

describe('settings', () => {
  test('an admin changes a role and an advanced setting and sees them; every tab passes axe', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/settings?tab=users');
    await page.getByRole('heading', { name: 'Users and roles' }).waitFor();
    expect(await tabNames(page)).toEqual([
      'School',
      'Users and roles',
      'House system',
      'Advanced',
      'Store and delivery',
      'School year',
      'Single sign-on',
      'School tokens',
      'Invitations',
      'Roster import',
      'Data',
      'Guardians',
    ]);

    await page.getByRole('textbox', { name: 'Search users' }).fill('brooks');
    const change = page.getByRole('button', { name: 'Change roles of Taylor Brooks' });
    await change.waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: /^Change roles of / }).count())
      .toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await change.click();
    const dialog = page.getByRole('dialog', { name: 'Roles of Taylor Brooks' });
    await dialog.getByRole('checkbox', { name: 'Give All' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await page.getByText('Taylor Brooks: roles saved (Teacher, Give All).').waitFor();
    await page
      .getByRole('row', { name: /Brooks, Taylor/ })
      .getByText('Give All')
      .waitFor();
    // The audit trail names whose roles changed and who changed them.
    await page
      .getByRole('row', { name: /Taylor Brooks.*Teacher.*Teacher, Give All.*Alex Rivera/ })
      .waitFor();
    // The teacher's next session holds the new role.
    expect((await apiLogin(suite.server.baseURL, 'teacher1')).user.roles).toEqual([
      'TEACHER',
      'GIVE_ALL',
    ]);

    // An advanced setting, saved and seen again after a reload.
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'advanced');
    const points = page.getByRole('textbox', { name: 'Points a flag takes (admins)' });
    await points.fill('7');
    await page.getByRole('button', { name: 'Save advanced settings' }).click();
    await page.getByText('Advanced settings saved.').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Points a flag takes (admins)' }).inputValue())
      .toBe('7');
    expect(await axeViolations(page)).toEqual([]);

    const headings = {
      school: 'School profile',
      house: 'House system',
      store: 'Delivery dates',
      'school-year': 'Pay periods',
      sso: 'Single sign-on',
      tokens: 'School tokens',
      invitations: 'Invitations',
      roster: 'Roster import',
      data: 'Erase a student',
    };
    for (const [tab, heading] of Object.entries(headings)) {
      await page.goto(`/settings?tab=${tab}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.locator('.mantine-Loader').first().waitFor({ state: 'detached' });
      expect(await axeViolations(page), tab).toEqual([]);
    }
  });

  test('an admin edits the school profile: the whole app follows at once, and it stays after a reload', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'School profile' }).waitFor();
    await page.getByText('School code DEMO').waitFor();
    const name = page.getByRole('textbox', { name: 'School name' });
    await expect.poll(() => name.inputValue()).toBe('Demo Middle School');

    // Bad input is caught before it is sent.
    await name.fill('  ');
    await page.getByRole('button', { name: 'Save school profile' }).click();
    await page.getByText('Enter the school’s name').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await name.fill('Lincoln Middle School');
    const zone = page.getByRole('textbox', { name: 'Time zone' });
    await zone.fill('America/Chic');
    await page.getByRole('option', { name: 'America/Chicago' }).click();
    await page.getByText(/^Today there: \d{4}-\d{2}-\d{2}\./).waitFor();
    await page.getByRole('button', { name: 'Save school profile' }).click();
    await page.getByText('School profile saved.').waitFor();

    // The session's school changed without signing in again.
    await page.goto('/profile');
    await page.getByText('Lincoln Middle School').waitFor();
    const admin = await apiLogin(suite.server.baseURL, 'admin');
    expect(admin.user.school).toMatchObject({
      name: 'Lincoln Middle School',
      timeZone: 'America/Chicago',
    });
    await page.goto('/settings?tab=school');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Time zone' }).inputValue())
      .toBe('America/Chicago');
  });

  test('a house manager sees only the house part', async ({ page }) => {
    await signIn(page, 'house');
    await page.goto('/settings?tab=users');
    const toggle = page.getByRole('switch', { name: 'House system configured' });
    await toggle.waitFor();
    expect(await tabNames(page)).toEqual(['House system']);
    expect(await page.getByRole('heading', { name: 'Users and roles' }).count()).toBe(0);
    await toggle.click({ force: true });
    await page.getByText('The house system is marked not configured.').waitFor();
    await toggle.click({ force: true });
    await page.getByText('The house system is configured.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a student is asked nothing before a purchase, then answers a survey once and is not asked it again', async ({
    page,
  }) => {
    // Before any purchase: no survey, not even at the first sign-in.
    await signIn(page, 'student1');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const student = await apiLogin(suite.server.baseURL, 'student1');
    expect(
      (await apiGet<{ survey: unknown }>(suite.server.baseURL, student.token, 'surveys/pending'))
        .survey,
    ).toBeNull();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // A purchase (the cheapest thing in the store), then the next sign-in asks.
    const products = await apiGet<{ _id: string; price: number }[]>(
      suite.server.baseURL,
      student.token,
      'products/school-store',
    );
    const cheapest = products.reduce((a, b) => (b.price < a.price ? b : a));
    const bought = await fetch(`${suite.server.baseURL}/api/v2/order`, {
      method: 'POST',
      headers: { authtoken: student.token, 'content-type': 'application/json' },
      body: JSON.stringify({ orderItems: [{ productId: cheapest._id, quantity: 1 }] }),
    });
    expect(bought.status, await bought.text()).toBe(200);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, 'student1');
    const first = page.getByRole('dialog', { name: 'How do you like it?' });
    await first.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await first.getByRole('radio', { name: 'Satisfied', exact: true }).check();
    await first.getByRole('button', { name: 'Send answer' }).click();
    await page.getByText('Thank you for your answer!').waitFor();
    await first.waitFor({ state: 'detached' });

    // Not again in this session, even after a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Signed out and in again: the next survey, never the one answered.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, 'student1');
    const next = page.getByRole('dialog', { name: 'Earning Merits' });
    await next.waitFor();
    await next.getByRole('button', { name: 'No thanks' }).click();
    await next.waitFor({ state: 'detached' });

    const { token } = await apiLogin(suite.server.baseURL, 'student1');
    expect(
      (
        await apiGet<{ survey: { name: string } | null }>(
          suite.server.baseURL,
          token,
          'surveys/pending',
        )
      ).survey?.name,
    ).toBe('STUDENT_SATISFACTION_SURVEY_V3');
    const admin = await apiLogin(suite.server.baseURL, 'admin');
    const results = await apiGet<
      { name: string; dismissed: number; choices: { id: string; count: number }[] }[]
    >(suite.server.baseURL, admin.token, 'surveys/results');
    expect(
      results
        .find((s) => s.name === 'STUDENT_SATISFACTION_SURVEY')
        ?.choices.find((c) => c.id === 'SATISFIED')?.count,
    ).toBe(1);
    expect(results.find((s) => s.name === 'STUDENT_SATISFACTION_SURVEY_V2')?.dismissed).toBe(1);
  });
});
