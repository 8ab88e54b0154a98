/**
 * A school's first week (issue 32) in Chromium, on an empty production database with no mail
 * server: setup from the code in the log, the OneRoster files of docs/examples/oneroster/ imported
 * as they are, an imported teacher invited (the link shown, since no mail can go) who sets up their
 * account with it, prints their class's sign-in cards (one a student), and a student signs in with
 * a card's code.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { pdfTexts } from '../apps/server/test/helpers/pdf-text.js';
import { useE2E } from './helpers/suite.js';

const EXAMPLE = fileURLToPath(new URL('../docs/examples/oneroster/', import.meta.url));
const { suite, test } = useE2E({
  SEED_DEMO: 'false',
  SMTP_URL: '',
  SECRETS_KEY: randomBytes(32).toString('base64'),
});
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The example's students of one class, by its title: their full names. */
async function studentsOf(title: string): Promise<string[]> {
  const rows = async (file: string) =>
    (await readFile(path.join(EXAMPLE, file), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => l.split(','));
  const classes = await rows('classes.csv');
  const cls = classes.find((r) => r[3] === title)![0]!;
  const users = new Map((await rows('users.csv')).map((r) => [r[0], r]));
  return (await rows('enrollments.csv'))
    .filter((r) => r.includes(cls) && r.includes('student'))
    .map((r) => users.get(r.find((c) => users.get(c)?.[5] === 'student')!)!)
    .map((u) => `${u[8]} ${u[9]}`);
}

describe("a school's first week", () => {
  test('setup, the example roster, an invitation without mail, sign-in cards, a student signs in with one', async ({
    page,
  }) => {
    const code = /setup code ([A-Z0-9-]+)/.exec(suite.server.output())?.[1];
    expect(code, suite.server.output()).toBeDefined();
    await page.goto('/setup');
    await field(page, 'Setup code').fill(code!);
    await field(page, 'District name').fill('Maple Valley School District');
    await field(page, 'School name').fill('Cedar Ridge Middle School');
    await field(page, 'School code').fill('CEDAR');
    await field(page, 'First name').fill('Morgan');
    await field(page, 'Last name').fill('Ellis');
    await field(page, 'Email').fill('morgan@maple-valley.example');
    await field(page, 'Username').fill('morgan.ellis');
    await field(page, 'Password').fill('correct horse battery');
    await field(page, 'Repeat the password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Set up Merit Market' }).click();
    await page.waitForURL((url) => url.pathname === '/district');

    // The example files, imported as they are.
    await page.goto('/settings?tab=roster');
    await page.getByRole('heading', { name: 'Roster import', level: 2 }).waitFor();
    const files = (await readdir(EXAMPLE)).filter((f) => f.endsWith('.csv'));
    await page.locator('input[type=file]').setInputFiles(
      await Promise.all(
        files.map(async (name) => ({
          name,
          mimeType: 'text/csv',
          buffer: await readFile(path.join(EXAMPLE, name)),
        })),
      ),
    );
    await page.getByRole('button', { name: 'Check files' }).click();
    await page.getByRole('table', { name: 'What the import would change' }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/^Import finished: \d+ rows written\.$/).waitFor({ timeout: 60_000 });

    // No mail server: the invitation's link is shown, and the teacher finishes with it.
    await page.goto('/settings?tab=invitations');
    await page.getByRole('heading', { name: 'Invitations', level: 2 }).waitFor();
    await field(page, 'User').fill('Grace');
    await page.getByRole('option', { name: /^Grace Okafor/ }).click();
    await field(page, 'Email').fill('gokafor@cedar-ridge.example');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('status').filter({ hasText: 'No mail was sent' }).waitFor();
    const link = new URL(await field(page, 'Invitation link for Grace Okafor').inputValue());

    const teacherContext = await suite.browser.newContext({
      baseURL: suite.server.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    const studentContext = await suite.browser.newContext({
      baseURL: suite.server.baseURL,
      viewport: { width: 375, height: 812 },
    });
    try {
      const teacher = await teacherContext.newPage();
      await teacher.goto(link.pathname + link.search);
      await field(teacher, 'Username').fill('grace.okafor');
      await field(teacher, 'New password').fill('a quiet blue harbour');
      await field(teacher, 'Repeat the new password').fill('a quiet blue harbour');
      await teacher.getByRole('button', { name: 'Set up my account' }).click();
      await teacher.waitForURL((url) => url.pathname !== '/account-setup');

      // Her Math 6 class's cards: one a student, each with its code.
      await teacher.goto('/classes');
      await teacher.getByRole('link', { name: /Math 6$/ }).click();
      await teacher.getByRole('button', { name: 'Print sign-in cards' }).click();
      const print = teacher.getByRole('dialog', { name: 'Print sign-in cards' });
      const [download] = await Promise.all([
        teacher.waitForEvent('download'),
        print.getByRole('button', { name: 'Make new cards and download' }).click(),
      ]);
      const pdf = await readFile((await download.path())!);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const texts = pdfTexts(pdf);
      const students = await studentsOf('Math 6');
      expect(students.length).toBeGreaterThan(0);
      for (const name of students) expect(texts).toContain(name);
      const codes = texts.filter((t) => /^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(t));
      expect(codes).toHaveLength(students.length);

      // A student, on a phone, types the first card's code.
      const student = await studentContext.newPage();
      await student.goto('/login');
      await student.getByRole('link', { name: 'Sign in with my card' }).click();
      await field(student, 'Card code').fill(codes[0]!);
      await student.getByRole('button', { name: 'Sign in', exact: true }).click();
      await student.waitForURL((url) => !url.pathname.startsWith('/login'));
      const token = await student.evaluate(() => localStorage.getItem('authtoken'));
      const me = (await (
        await fetch(`${suite.server.baseURL}/api/v1/auth/me`, {
          method: 'POST',
          headers: { authtoken: token ?? '' },
        })
      ).json()) as { firstName: string; lastName: string; roles: string[] };
      expect(me.roles).toEqual(['STUDENT']);
      expect(students).toContain(`${me.firstName} ${me.lastName}`);
    } finally {
      await teacherContext.close();
      await studentContext.close();
    }
  });
});
