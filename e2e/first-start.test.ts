/**
 * A new install's first start in Chromium (issue 19): an empty production database, the setup code
 * read from the server's log, /setup, the district owner signed in on /district, a school created
 * there and its admin invited by mail (loopback SMTP), the admin choosing their password from the
 * mail, then importing the school's OneRoster files; the imported teacher gives points in class and the
 * imported student buys with them; the teacher prints the class's sign-in cards and a student with no
 * e-mail signs in with his. axe (WCAG 2.1 AA) at 0 violations on /setup and /district.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { pdfTexts } from '../apps/server/test/helpers/pdf-text.js';
import { linkIn, startSmtpServer } from '../apps/server/test/helpers/smtp.js';
import { launchBrowser, pathnameOf, testWithPage } from './helpers/browser.js';
import { freePort, startServer, type TestServer } from './helpers/server.js';
import { merits } from './helpers/words.js';

const suite = {} as {
  server: TestServer;
  browser: Browser;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
};

beforeAll(async () => {
  const port = await freePort();
  suite.smtp = await startSmtpServer();
  [suite.server, suite.browser] = await Promise.all([
    // What a new install sees: production, no demo, an empty database.
    startServer({
      SEED_DEMO: 'false',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: suite.smtp.url,
    }),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await suite.browser?.close();
  await suite.server?.stop();
  await suite.smtp?.stop();
});

const test = testWithPage(() => ({ browser: suite.browser, baseURL: suite.server.baseURL }));

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\n') + '\n';
/** A small OneRoster roster of the school with this code. */
const rosterFiles = (code: string) => ({
  'orgs.csv': csv([
    ['sourcedId', 'name', 'type', 'identifier'],
    ['org-1', 'Riverside', 'school', code],
  ]),
  'academicSessions.csv': csv([
    ['sourcedId', 'title', 'type', 'startDate', 'endDate'],
    ['year-1', 'Year', 'schoolYear', '2026-08-01', '2099-06-30'],
  ]),
  'users.csv': csv([
    ['sourcedId', 'orgSourcedIds', 'role', 'givenName', 'familyName', 'grades', 'email'],
    ['t-1', 'org-1', 'teacher', 'Rita', 'Roster', '', 'rita@riverside.example.org'],
    ['s-1', 'org-1', 'student', 'Ada', 'Imported', '04', 'ada@riverside.example.org'],
    ['s-2', 'org-1', 'student', 'Bo', 'Imported', '04', ''],
  ]),
  'classes.csv': csv([
    ['sourcedId', 'title', 'schoolSourcedId', 'termSourcedIds', 'periods'],
    ['c-1', 'Grade 4', 'org-1', 'year-1', '1'],
  ]),
  'enrollments.csv': csv([
    ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary'],
    ['e1', 'c-1', 'org-1', 't-1', 'teacher', 'true'],
    ['e2', 'c-1', 'org-1', 's-1', 'student', 'false'],
    ['e3', 'c-1', 'org-1', 's-2', 'student', 'false'],
  ]),
});

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('first start: setup code from the log → /setup → /district creates a school and invites its admin, who sets a password from the mail and imports the roster; an imported teacher gives and an imported student buys', async ({
  page,
}) => {
  const code = /setup code ([A-Z0-9-]+)/.exec(suite.server.output())?.[1];
  expect(code, suite.server.output()).toBeDefined();

  // Nothing else signs in while no school exists: the demo's names are unknown.
  await page.goto('/setup');
  await page.getByRole('heading', { name: 'Set up Merit Market', level: 1 }).waitFor();
  await field(page, 'Setup code').waitFor();
  await expectNoAxeViolations(page);

  await field(page, 'District name').fill('Springfield District');
  await field(page, 'School name').fill('Lincoln Middle School');
  await field(page, 'School code').fill('lincoln');
  // Not the browser's zone (which /setup proposes): the district's next school is proposed this one.
  await field(page, 'Time zone').click();
  await field(page, 'Time zone').fill('America/Chicago');
  await page.getByRole('option', { name: 'America/Chicago', exact: true }).click();
  expect(await field(page, 'Time zone').inputValue()).toBe('America/Chicago');
  await field(page, 'First name').fill('Pat');
  await field(page, 'Last name').fill('Lee');
  await field(page, 'Email').fill('pat@springfield.example.org');
  await field(page, 'Username').fill('pat.lee');
  await field(page, 'Password').fill('correct horse battery');
  await field(page, 'Repeat the password').fill('correct horse battery');

  // A wrong code is shown at the code's field, and nothing is made.
  await field(page, 'Setup code').fill('AAAA-BBBB-CCCC');
  await page.getByRole('button', { name: 'Set up Merit Market' }).click();
  await page.getByText('The setup code is wrong or has been used.').waitFor();
  expect(await field(page, 'Setup code').getAttribute('aria-invalid')).toBe('true');

  await field(page, 'Setup code').fill(code!);
  await page.getByRole('button', { name: 'Set up Merit Market' }).click();
  await page.waitForURL((url) => url.pathname === '/district');
  await page.getByRole('heading', { name: 'District', level: 1 }).waitFor();
  await page.getByRole('rowheader', { name: /Lincoln Middle School/ }).waitFor();
  await expectNoAxeViolations(page);

  // A second school of the district.
  await page.getByRole('button', { name: 'Create a school' }).click();
  const create = page.getByRole('dialog', { name: 'Create a school' });
  expect(await create.getByRole('textbox', { name: 'Time zone', exact: true }).inputValue()).toBe(
    'America/Chicago',
  );
  await create
    .getByRole('textbox', { name: 'School name', exact: true })
    .fill('Riverside Elementary');
  await create.getByRole('textbox', { name: 'School code', exact: true }).fill('RIVERSIDE');
  await create.getByRole('button', { name: 'Create school' }).click();
  await page.getByRole('rowheader', { name: /Riverside Elementary/ }).waitFor();
  await expectNoAxeViolations(page);

  // Its first admin, invited by mail.
  await page.getByRole('button', { name: 'Invite an admin of Riverside Elementary' }).click();
  const invite = page.getByRole('dialog', { name: /Invite an admin/ });
  await invite.getByRole('textbox', { name: 'First name', exact: true }).fill('Robin');
  await invite.getByRole('textbox', { name: 'Last name', exact: true }).fill('Hale');
  await invite
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill('robin@riverside.example.org');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const mail = await suite.smtp.next('robin@riverside.example.org');
  const link = linkIn(mail, '/account-setup');

  // The admin, in their own browser, chooses a name and password and is signed in at Riverside.
  const context = await suite.browser.newContext({
    baseURL: suite.server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  try {
    const admin = await context.newPage();
    // Before signing in: /setup is closed now that a school exists.
    await admin.goto('/setup');
    await admin.getByText('This server is set up.').waitFor();
    await expectNoAxeViolations(admin);
    await admin.goto(link.pathname + link.search);
    await admin.getByRole('textbox', { name: 'Username', exact: true }).fill('robin.hale');
    await admin
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('another good password');
    await admin
      .getByRole('textbox', { name: 'Repeat the new password', exact: true })
      .fill('another good password');
    await admin.getByRole('button', { name: 'Set up my account' }).click();
    await admin.waitForURL((url) => url.pathname !== '/account-setup');
    const token = await admin.evaluate(
      () => Object.entries(localStorage).find(([k]) => /token/i.test(k))?.[1],
    );
    expect(token).toBeTruthy();
    const me = await admin.evaluate(
      async (t) =>
        (
          await fetch('/api/v1/auth/me', {
            method: 'POST',
            headers: { authtoken: String(t).replace(/"/g, '') },
          })
        ).json(),
      token,
    );
    expect(me).toMatchObject({ firstName: 'Robin', roles: ['SCHOOL_ADMIN'] });
    expect(me.school).toMatchObject({ name: 'Riverside Elementary', externalId: 'RIVERSIDE' });
    expect(pathnameOf(admin)).not.toBe('/login');

    // The admin imports the school's OneRoster files: a teacher, two students, one class.
    await admin.goto('/settings?tab=roster');
    await admin.getByRole('heading', { name: 'Roster import', level: 2 }).waitFor();
    await admin.locator('input[type=file]').setInputFiles(
      Object.entries(rosterFiles('RIVERSIDE')).map(([name, text]) => ({
        name,
        mimeType: 'text/csv',
        buffer: Buffer.from(text),
      })),
    );
    await admin.getByRole('button', { name: 'Check files' }).click();
    await admin.getByRole('table', { name: 'What the import would change' }).waitFor();
    await admin.getByRole('button', { name: 'Import', exact: true }).click();
    await admin.getByText('Import finished: 6 rows written.').waitFor();

    // The admin invites the imported teacher and a student (Settings → Invitations).
    await admin.goto('/settings?tab=invitations');
    await admin.getByRole('heading', { name: 'Invitations', level: 2 }).waitFor();
    for (const [name, email] of [
      ['Rita Roster', 'rita@riverside.example.org'],
      ['Ada Imported', 'ada@riverside.example.org'],
    ] as const) {
      const user = admin.getByRole('textbox', { name: 'User', exact: true });
      await user.click();
      await user.fill(name);
      await admin.getByRole('option', { name: new RegExp(`^${name}`) }).click();
      await admin.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await admin.getByRole('button', { name: 'Send invitation' }).click();
      await admin.getByText(`Invitation sent to ${email}.`, { exact: false }).waitFor();
    }
  } finally {
    await context.close();
  }

  // The imported teacher sets up their account from the mail, adds a product to their store and
  // gives a bonus in class; the imported student does the same and buys the product with it.
  const teacher = await setUpFromInvitation('rita@riverside.example.org', 'rita.roster');
  const student = await setUpFromInvitation('ada@riverside.example.org', 'ada.imported');
  try {
    await teacher.goto('/store?tab=mine');
    await teacher.getByRole('button', { name: 'New product' }).click();
    const form = teacher.getByRole('dialog', { name: 'New product' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Homework pass');
    await form.getByRole('textbox', { name: 'Description' }).fill('Skip one homework.');
    await form.getByRole('textbox', { name: 'Price (Merits)' }).fill('1');
    await form.getByRole('textbox', { name: 'Stock' }).fill('5');
    await form.getByRole('button', { name: 'Add product' }).click();
    await form.waitFor({ state: 'detached' });
    await teacher.getByRole('article', { name: 'Homework pass' }).getByText('5 left').waitFor();

    await teacher.goto('/classes');
    await teacher.getByRole('link', { name: '1st Period — Grade 4' }).click();
    await teacher.getByRole('heading', { name: '1st Period — Grade 4', level: 1 }).waitFor();
    await teacher.getByRole('checkbox', { name: 'Select Ada Imported', exact: true }).check();
    await teacher.getByRole('button', { name: /^Helping others/ }).click();
    await teacher.getByRole('textbox', { name: 'Comment (optional)' }).fill('First give');
    await teacher.getByRole('button', { name: 'Give to 1 student', exact: true }).click();
    const gave = teacher.getByText(/^Gave \d+ Merits? to 1 student/);
    await gave.waitFor();
    const points = Number(/Gave (\d+)/.exec((await gave.textContent()) ?? '')?.[1]);
    expect(points).toBeGreaterThan(0);

    await student.goto('/activity');
    await student
      .getByRole('heading', { name: `Balance ${points} ${points === 1 ? 'Merit' : 'Merits'}` })
      .waitFor();
    await student.getByRole('row').filter({ hasText: 'First give' }).waitFor();
    await student.goto('/store');
    await student.getByRole('button', { name: 'Add to cart: Homework pass' }).click();
    await student.getByRole('button', { name: 'Cart · 1 item' }).click();
    const cart = student.getByRole('dialog', { name: 'Your cart' });
    await cart.getByRole('button', { name: 'Check out' }).click();
    await cart.getByRole('button', { name: 'Yes, buy it' }).click();
    await cart.getByText(`Your balance now: ${merits(points - 1)}`).waitFor();

    // The teacher sees the order in their store's orders.
    await teacher.goto('/orders');
    await teacher
      .getByRole('table', { name: /^Your store's orders/ })
      .getByRole('row')
      .filter({ hasText: 'Homework pass' })
      .getByText('Imported, Ada')
      .waitFor();

    // Bo has no e-mail and no SSO: the teacher prints the class's sign-in cards (issue 32) and Bo
    // signs in on /login with his card's code.
    await teacher.goto('/classes');
    await teacher.getByRole('link', { name: '1st Period — Grade 4' }).click();
    await teacher.getByRole('button', { name: 'Print sign-in cards' }).click();
    const print = teacher.getByRole('dialog', { name: 'Print sign-in cards' });
    const [download] = await Promise.all([
      teacher.waitForEvent('download'),
      print.getByRole('button', { name: 'Make new cards and download' }).click(),
    ]);
    const texts = pdfTexts(await readFile((await download.path())!));
    const codes = texts.filter((t) => /^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(t));
    expect(codes).toHaveLength(2);
    expect(texts).toContain('Bo Imported');
    const bosCode = codes[texts.indexOf('Bo Imported') < texts.indexOf('Ada Imported') ? 0 : 1]!;
    const bo = await suite.browser.newContext({ baseURL: suite.server.baseURL });
    try {
      const page = await bo.newPage();
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign in with my card' }).click();
      await page.getByRole('textbox', { name: 'Card code' }).fill(bosCode);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const token = await page.evaluate(() => localStorage.getItem('authtoken'));
      const me = await (
        await fetch(`${suite.server.baseURL}/api/v1/auth/me`, {
          method: 'POST',
          headers: { authtoken: token ?? '' },
        })
      ).json();
      expect(me).toMatchObject({ firstName: 'Bo', lastName: 'Imported', roles: ['STUDENT'] });
    } finally {
      await bo.close();
    }
  } finally {
    await teacher.context().close();
    await student.context().close();
  }
}, 240_000);

/** A rostered user's first sign-in: the invitation mail's link, a username and a password. */
async function setUpFromInvitation(email: string, username: string): Promise<Page> {
  const context = await suite.browser.newContext({
    baseURL: suite.server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const link = linkIn(await suite.smtp.next(email), '/account-setup');
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  const password = `${username} has a good password`;
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Repeat the new password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set up my account' }).click();
  await page.waitForURL((url) => url.pathname !== '/account-setup');
  return page;
}
