import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { apiGet } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

// Surveys on (the other e2e files turn them off): the student test answers one, a teacher's card
// is checked for standing in front of nothing.
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

/** Whether the point at the centre of `target` hits it (or a part of it): nothing stands in front. */
async function onTop(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** Whether two elements' boxes share any point. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

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

  test('a student is asked nothing before a purchase, then answers a survey card once; “No thanks” keeps the next away', async ({
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
    expect(await page.getByRole('region', { name: 'How do you like it?' }).count()).toBe(0);

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
    // A card at the top of the page, not a dialog: the page stays in use around it.
    const first = page.getByRole('region', { name: 'How do you like it?' });
    await first.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await onTop(page.getByRole('heading', { level: 1 }))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await first.getByRole('radio', { name: 'Satisfied', exact: true }).check();
    await first.getByRole('button', { name: 'Send answer' }).click();
    await page.getByText('Thank you for your answer!').waitFor();
    await first.waitFor({ state: 'detached' });

    // Not again in this session, even after a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('[data-survey-card]').count()).toBe(0);

    // Signed out and in again: the next survey, never the one answered.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, 'student1');
    const next = page.getByRole('region', { name: 'Earning Merits' });
    await next.waitFor();
    await next.getByRole('button', { name: 'No thanks' }).click();
    await next.waitFor({ state: 'detached' });

    // Dismissed: no survey at all for 30 days (apps/server/test/surveys.test.ts counts them), not
    // the one dismissed nor the next.
    const { token } = await apiLogin(suite.server.baseURL, 'student1');
    expect(
      (
        await apiGet<{ survey: { name: string } | null }>(
          suite.server.baseURL,
          token,
          'surveys/pending',
        )
      ).survey,
    ).toBeNull();
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

  test('the survey never covers a page: a teacher’s home and /classes after sign-in, at 375 and 1280 px, keep their heading and controls clickable', async ({
    page,
  }) => {
    const card = page.getByRole('region', { name: 'How do you like it?' });
    /** The card shows, and the page's heading and every control of the page and header take clicks. */
    const inTheClear = async (title: string) => {
      await card.waitFor();
      const heading = page.getByRole('heading', { name: title, level: 1 });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        // The navigation slides away below 768 px: wait until it has.
        await page.evaluate(() =>
          Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
        );
        const where = `${title} at ${width}px`;
        expect(await page.getByRole('dialog').count(), where).toBe(0);
        expect(await overlap(card, heading), where).toBe(false);
        expect(await onTop(heading), where).toBe(true);
        await heading.click({ trial: true });
        // The page's own controls share no point with the card; the header's stays above it.
        const links = await page.getByRole('main').getByRole('link').all();
        const buttons = await page.getByRole('banner').getByRole('button').all();
        expect(links.length, where).toBeGreaterThan(2);
        for (const control of [...links, ...buttons]) {
          if (!(await control.isVisible())) continue;
          const name = `${where}: ${(await control.getAttribute('aria-label')) ?? (await control.innerText())}`;
          if (links.includes(control)) expect(await overlap(card, control), name).toBe(false);
          expect(await onTop(control), name).toBe(true);
          await control.click({ trial: true });
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    };

    await signIn(page, 'teacher1');
    await inTheClear('Home');
    expect(await axeViolations(page)).toEqual([]);
    // Left alone, it stays on the pages of this sign-in, above them.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Classes' })
      .click();
    await page.waitForURL((u) => u.pathname === '/classes');
    await inTheClear('Classes');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('link').first().click();
    await page.waitForURL((u) => u.pathname.startsWith('/class/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  test('opening the next school year: dates after the year that ended, grades as labels, messages in words, and it asks first with the dry run’s label and count', async ({
    page,
  }) => {
    const admin = await apiLogin(suite.server.baseURL, 'admin');
    const send = async (method: 'PUT' | 'POST', path: string, body: object) => {
      const res = await fetch(`${suite.server.baseURL}/api/v1/${path}`, {
        method,
        headers: { authtoken: admin.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    type Year = {
      startDate: string;
      endDate: string;
      givingStartDate: string;
      balancePolicy: string;
      balanceCap: number;
    };
    const year = await apiGet<Year>(suite.server.baseURL, admin.token, 'settings/school-year');
    const kept = {
      startDate: year.startDate,
      endDate: year.endDate,
      givingStartDate: year.givingStartDate,
      balancePolicy: year.balancePolicy,
      balanceCap: year.balanceCap,
    };
    // The year ended yesterday (the e2e day is 2026-10-14), in the middle of the usual pattern.
    expect(
      (await send('PUT', 'settings/school-year', { ...kept, endDate: '2026-10-13' })).status,
    ).toBe(200);
    try {
      await signIn(page, 'admin');
      await page.goto('/settings?tab=school-year');
      await page.getByRole('heading', { name: 'Open the next school year' }).waitFor();
      // The proposed year starts after the one that ended, never inside it.
      const firstDay = page.getByRole('textbox', { name: 'First day', exact: true }).last();
      expect(await firstDay.inputValue()).toBe('2026-10-14');
      const form = {
        dryRun: true,
        ordersPolicy: 'keep',
        startDate: await firstDay.inputValue(),
        endDate: await page
          .getByRole('textbox', { name: 'Last day', exact: true })
          .last()
          .inputValue(),
        givingStartDate: await page
          .getByRole('textbox', { name: 'Giving starts', exact: true })
          .last()
          .inputValue(),
      };

      // A first day inside the ended year: the message names the field as the form does.
      await firstDay.fill('2026-10-13');
      await page.getByRole('button', { name: 'Dry run' }).click();
      const refused = page.getByText(
        'The first day must be after the 2026 school year ends on October 13, 2026',
      );
      await refused.waitFor();
      expect(await page.getByText(/startDate/).count()).toBe(0);
      await firstDay.fill(form.startDate);

      await page.getByRole('button', { name: 'Dry run' }).click();
      await page.getByRole('cell', { name: '6th Grade → 7th Grade' }).first().waitFor();
      await page.getByRole('cell', { name: '8th Grade → leaves' }).first().waitFor();
      const dry = await send('POST', 'school-years/openings', form);
      expect(dry.status).toBe(200);
      const label = dry.body.label as string;
      const count = (dry.body.students as unknown[]).length;
      expect(count).toBeGreaterThan(100);

      await page.getByRole('button', { name: `Open the ${label} school year` }).click();
      const confirm = page.getByRole('dialog', {
        name: `Open ${label} for ${count.toLocaleString('en-US')} students?`,
      });
      await confirm.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // Cancelled: nothing opens.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(
        (
          await apiGet<{ opening: unknown }>(
            suite.server.baseURL,
            admin.token,
            'settings/school-year',
          )
        ).opening,
      ).toBeNull();
    } finally {
      await send('PUT', 'settings/school-year', kept);
    }
  });
});
