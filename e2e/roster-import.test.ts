import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from './helpers/browser.js';
import { useE2E } from './helpers/suite.js';

/**
 * The roster import in settings: the admin picks OneRoster files, checks them (problems by file and
 * line, or what would change), imports, and sees the progress and the result.
 */

const { test } = useE2E();

const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n') + '\n';
/** A small roster for the demo school (external id DEMO): a teacher, two students, one class. */
function files(extraUsers: string[][] = []) {
  return {
    'orgs.csv': csv([
      ['sourcedId', 'name', 'type', 'identifier'],
      ['e2e-org', 'Demo', 'school', 'DEMO'],
    ]),
    'academicSessions.csv': csv([
      ['sourcedId', 'title', 'type', 'startDate', 'endDate'],
      ['e2e-year', 'Year', 'schoolYear', '2026-08-01', '2099-06-30'],
    ]),
    'users.csv': csv([
      ['sourcedId', 'orgSourcedIds', 'role', 'givenName', 'familyName', 'grades'],
      ['e2e-t', 'e2e-org', 'teacher', 'Rita', 'Roster', ''],
      ['e2e-s1', 'e2e-org', 'student', 'Ada', 'Imported', '07'],
      ['e2e-s2', 'e2e-org', 'student', 'Bo', 'Imported', '07'],
      ...extraUsers,
    ]),
    'classes.csv': csv([
      ['sourcedId', 'title', 'schoolSourcedId', 'termSourcedIds', 'periods'],
      ['e2e-c', 'Roster Science', 'e2e-org', 'e2e-year', '3'],
    ]),
    'enrollments.csv': csv([
      ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary'],
      ['e1', 'e2e-c', 'e2e-org', 'e2e-t', 'teacher', 'true'],
      ['e2', 'e2e-c', 'e2e-org', 'e2e-s1', 'student', 'false'],
      ['e3', 'e2e-c', 'e2e-org', 'e2e-s2', 'student', 'false'],
    ]),
  };
}

async function openImport(page: Page) {
  await signIn(page, 'admin');
  await page.goto('/settings?tab=roster');
  await page.getByRole('heading', { name: 'Roster import', level: 2 }).waitFor();
}

/** axe-core's WCAG 2.1 AA violations on the page as it is now (the states the screen sweep does not reach). */
async function violations(page: Page): Promise<string[]> {
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

const choose = (page: Page, f: Record<string, string>) =>
  page.locator('input[type=file]').setInputFiles(
    Object.entries(f).map(([name, text]) => ({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(text),
    })),
  );

describe('roster import (settings)', () => {
  test('bad files: each problem with its file, line and reason; no import possible', async ({
    page,
  }) => {
    await openImport(page);
    await choose(page, files([['e2e-s1', 'e2e-org', 'student', 'Again', 'Twice', '07']]));
    await page.getByRole('button', { name: 'Check files' }).click();
    await page.getByText('1 problem in the files').waitFor();
    const problems = page.getByRole('table', { name: 'Problems in the files' });
    await expect
      .poll(() => problems.getByRole('row').nth(1).innerText())
      .toMatch(/users\.csv\s+5\s+Duplicate sourcedId "e2e-s1" \(first on line 3\)/);
    expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
  });

  test('a dry run, the import with its progress, then nothing left to change', async ({ page }) => {
    await openImport(page);
    await choose(page, files());
    await page.getByRole('button', { name: 'Check files' }).click();
    const summary = page.getByRole('table', { name: 'What the import would change' });
    await summary.waitFor();
    expect(await summary.getByRole('row', { name: /^People/ }).innerText()).toMatch(
      /People\s+3\s+0\s+0/,
    );
    expect(await summary.getByRole('row', { name: /^Classes/ }).innerText()).toMatch(
      /Classes\s+1\s+0\s+0/,
    );
    expect(await summary.getByRole('row', { name: /^Enrollments/ }).innerText()).toMatch(
      /Enrollments\s+2\s+–\s+0/,
    );
    await page.getByRole('button', { name: /^People to add: 3/ }).click();
    await page
      .getByRole('table', { name: 'People to add' })
      .getByRole('cell', { name: 'Imported, Ada' })
      .waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page.getByText('Import finished: 6 rows written.').waitFor();
    await page.getByText('6 changes were made.').waitFor();
    expect(await violations(page)).toEqual([]);

    // The same files again: nothing to change.
    await page.getByRole('button', { name: 'Check files' }).click();
    await page
      .getByText('The school already matches these files: an import would change nothing.')
      .waitFor();
  });
});
