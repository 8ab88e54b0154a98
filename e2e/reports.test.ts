import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { apiGet } from './helpers/ledger.js';
import { signIn } from './helpers/browser.js';
import { useE2E } from './helpers/suite.js';

/** The reports screen: each tab for a demo user who reaches it, a CSV checked for its rows, axe on every tab. */
const { suite, test } = useE2E();

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Each test walks several tabs with axe on each: minutes on a busy machine. */
const SLOW = { timeout: 240_000 };

async function axeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    results.violations.map(
      (v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

async function openReports(page: Page, user: string) {
  await signIn(page, user);
  await page.goto('/reports');
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  await page.getByRole('tablist').waitFor();
}

const tabNames = async (page: Page) => page.getByRole('tab').allInnerTexts();

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name, selected: true }).count()).toBe(1);
  // Its content has loaded: a table, or the tab's own prompt.
  await page
    .locator('[role="tabpanel"] table, [role="tabpanel"] :text("Choose a")')
    .first()
    .waitFor({ timeout: 20_000 });
}

describe('reports', () => {
  test(
    'a teacher sees My classes, Class report and Student report, each readable and accessible',
    SLOW,
    async ({ page }) => {
      await openReports(page, 'teacher1');
      expect(await tabNames(page)).toEqual(['My classes', 'Class report', 'Student report']);
      await openTab(page, 'My classes');
      await page.getByRole('table', { name: /My classes/ }).waitFor();
      await axeClean(page, 'My classes');
      await openTab(page, 'Class report');
      await page.getByRole('textbox', { name: 'Period' }).click();
      await page.getByRole('option').nth(1).click();
      await page.getByRole('table', { name: /Period/ }).waitFor({ timeout: 20_000 });
      await axeClean(page, 'Class report');
      await openTab(page, 'Student report');
      await page.getByRole('textbox', { name: 'Student' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('table', { name: /history/ }).waitFor({ timeout: 20_000 });
      await axeClean(page, 'Student report');
    },
  );

  test(
    'schoolwide reports sees every school tab; the School students CSV holds exactly the rows shown',
    SLOW,
    async ({ page }) => {
      const { token } = await apiLogin(suite.server.baseURL, 'reports');
      const meta = await apiGet<{ defaultRange: { from: string; to: string } }>(
        suite.server.baseURL,
        token,
        'reports/meta',
      );
      const api = await apiGet<{ rows: { firstName: string; lastName: string; earned: number }[] }>(
        suite.server.baseURL,
        token,
        `activity/student-report/?startDate=${meta.defaultRange.from}&endDate=${meta.defaultRange.to}`,
      );
      await openReports(page, 'reports');
      expect(await tabNames(page)).toEqual([
        'Class report',
        'Student report',
        'Teacher usage',
        'School students',
        'School dashboard',
      ]);

      await openTab(page, 'Teacher usage');
      const usage = page.getByRole('table', { name: /Teacher usage/ });
      await usage.waitFor();
      await axeClean(page, 'Teacher usage');
      // To whom: the busiest giver's students; their bonuses add up to the giver's row.
      const first = usage.locator('tbody tr').first();
      const given = Number(await first.locator('td').nth(1).innerText());
      await first.getByRole('button', { name: /: to whom$/ }).click();
      await page.getByRole('heading', { name: /^To whom .+ gave$/ }).waitFor({ timeout: 20_000 });
      const toWhom = page.getByRole('table', { name: /: to whom,/ });
      await toWhom.waitFor();
      const perStudent = (await toWhom.locator('tbody tr td:nth-child(4)').allInnerTexts()).map(
        Number,
      );
      expect(given).toBeGreaterThan(0);
      expect(perStudent.reduce((a, b) => a + b, 0)).toBe(given);
      await axeClean(page, 'Teacher usage, to whom');

      await openTab(page, 'School students');
      const table = page.getByRole('table', { name: /Students \(top earners first\)/ });
      await table.waitFor();
      await axeClean(page, 'School students');
      // Sort by name, then download: the CSV is the table as shown, in its order.
      await table.getByRole('button', { name: 'Student' }).click();
      const shown = await table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
        );
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /Download CSV: Students/ }).click(),
      ]);
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.trim().split('\r\n');
      // The columns that sum the currency name it (the demo school's is Merits).
      expect(lines[0]).toBe(
        'Student,Grade,House,Merits earned,Bonuses (count),Flags (count),Merits spent,Balance (Merits)',
      );
      expect(lines).toHaveLength(api.rows.length + 1);
      expect(shown).toHaveLength(api.rows.length);
      const parse = (line: string) =>
        (line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [])
          .slice(0, 8)
          .map((f) => f.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
      expect(lines.slice(1).map(parse)).toEqual(shown);
      const earned = new Map(api.rows.map((r) => [`${r.lastName}, ${r.firstName}`, r.earned]));
      for (const row of shown) expect(Number(row[3])).toBe(earned.get(row[0]!));

      await openTab(page, 'School dashboard');
      await page.getByRole('table', { name: /House standings/ }).waitFor();
      await axeClean(page, 'School dashboard');
    },
  );

  test('a filter narrows the school students table (house)', SLOW, async ({ page }) => {
    await openReports(page, 'admin');
    // An admin opens on the school dashboard, not on a class report waiting for a class.
    await page.getByRole('tab', { name: 'School dashboard', selected: true }).waitFor();
    await page.getByRole('table', { name: /House standings/ }).waitFor({ timeout: 20_000 });
    await openTab(page, 'School students');
    const table = page.getByRole('table', { name: /Students \(top earners first\)/ });
    await table.waitFor();
    const all = await table.locator('tbody tr').count();
    await page.getByRole('textbox', { name: 'House' }).click();
    await page.getByRole('option').nth(1).click();
    await expect
      .poll(() => table.locator('tbody tr').count(), { timeout: 20_000 })
      .toBeLessThan(all);
    const houses = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(new Set(houses).size).toBe(1);
    // On paper (docs/decisions/106-labels-and-print.md): no header, navigation, tabs, filters or
    // buttons; the table is not clipped by its scroll area, so every row prints.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    expect(await page.getByRole('tablist').isVisible()).toBe(false);
    expect(await page.getByRole('textbox', { name: 'House' }).isVisible()).toBe(false);
    expect(
      await page
        .getByRole('button', { name: /^Download CSV/ })
        .first()
        .isVisible(),
    ).toBe(false);
    await page.getByRole('heading', { name: 'School students', level: 2 }).waitFor();
    const clippedBy = await table.evaluate((t) => {
      const clipping: string[] = [];
      for (let e = t.parentElement; e && e !== document.body; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if (cs.overflowY !== 'visible' && e.clientHeight < t.scrollHeight)
          clipping.push(e.className);
      }
      return clipping;
    });
    expect(clippedBy).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
    // Admins read the survey answers here too (docs/decisions/037-surveys.md).
    await page.getByRole('tab', { name: 'Surveys' }).click();
    await page.getByRole('heading', { name: 'Survey results' }).waitFor({ timeout: 20_000 });
  });
});
