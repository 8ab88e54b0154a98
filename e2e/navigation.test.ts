import { sideNav } from '@app/domain';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin, meStatus } from './helpers/api.js';
import { linkNames, pathnameOf, signIn } from './helpers/browser.js';
import { apiGet } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

/** docs/spec.md section 2, side navigation, for the demo users: the table is the specification. */
const SPEC_NAV: Record<string, string[]> = {
  student1: ['Dashboard', 'My Activity', 'My Store', 'My Orders', 'Calendar'],
  teacher1: ['Classes', 'Scan', 'Store', 'Orders', 'Reports', 'Calendar'],
  // No Orders for a school admin, as the spec says (docs/decisions/129-orders-page-not-for-admins.md).
  // Settings is in the navigation for those who may open it, not only in the account menu.
  // The store counter (issue 35) for whoever may use it: admins, store managers and assistants.
  admin: ['Bonuses & Flags', 'Scan', 'Store', 'Store Counter', 'Reports', 'Calendar', 'Settings'],
  // Reports for the store's half of Economy (issue 34).
  store: ['Store', 'Orders', 'Store Counter', 'Reports', 'Calendar'],
  // No periods: no Classes, and no Reports since no report permission applies either; Scan gives
  // to anyone of the school (the demo school lets teachers give to all).
  teacher4: ['Scan', 'Store', 'Orders', 'Calendar'],
};

const { suite, test } = useE2E();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Polls until the path settles on `expected` (client-side redirects happen after load). */
const expectPath = (page: Page, expected: string) =>
  expect.poll(() => pathnameOf(page), { timeout: 10_000 }).toBe(expected);

describe('side navigation', () => {
  test.for(Object.entries(SPEC_NAV))(
    '%s sees exactly the links of the spec',
    async ([username, expected], { page }) => {
      const { user } = await apiLogin(suite.server.baseURL, username);
      expect(sideNav(user).map((item) => item.label)).toEqual(expected);

      await signIn(page, username);
      await expect.poll(() => linkNames(mainNav(page)), { timeout: 10_000 }).toEqual(expected);
    },
  );
});

describe('access rules', () => {
  test('a student opening /classes is sent to /', async ({ page }) => {
    await signIn(page, 'student1');
    await page.goto('/classes');
    await expectPath(page, '/');
  });

  test('a teacher opening /settings is sent to /', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto('/settings');
    await expectPath(page, '/');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(pathnameOf(page)).toBe('/no-such-page');
  });

  test('a visitor who is not signed in is sent from /profile to /login', async ({ page }) => {
    await page.goto('/profile');
    await expectPath(page, '/login');
  });
});

describe('header and account menu', () => {
  test('the header shows the short name and role label', async ({ page }) => {
    await signIn(page, 'teacher1');
    const header = page.getByRole('banner');
    await header.getByText('T. Brooks', { exact: true }).waitFor();
    await header.getByText('Teacher', { exact: true }).waitFor();
  });

  // The store manager is no "Staff", the district's owner no "School Admin" (issue 32).
  test.for([
    ['store', 'Store Manager'],
    ['district', 'District Admin'],
  ])('the header names %s a %s', async ([username, label], { page }) => {
    await signIn(page, username!);
    await page.getByRole('banner').getByText(label!, { exact: true }).waitFor();
  });

  // The bell's list never stays over a page (issue 32: it hid the orders filter).
  test("the bell's list closes on a click elsewhere and on leaving the page", async ({ page }) => {
    await signIn(page, 'student10');
    await page.goto('/orders');
    const bell = page.getByRole('button', { name: /^Notifications, / });
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await bell.click();
    await list.waitFor();
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).click();
    await list.waitFor({ state: 'hidden' });
    await bell.click();
    await list.waitFor();
    await page.goBack();
    await expectPath(page, '/');
    await list.waitFor({ state: 'hidden' });
  });

  test('the profile page has a title naming it', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto('/profile');
    await expectPath(page, '/profile');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toContain('Profile');
  });

  test('logout returns to /login and ends the session', async ({ page }) => {
    await signIn(page, 'teacher1');
    const token = (await page.evaluate(() => localStorage.getItem('authtoken'))) ?? '';
    expect(token).not.toBe('');
    expect(await meStatus(suite.server.baseURL, token)).toBe(200);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expectPath(page, '/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authtoken'))).toBeNull();
    await expect.poll(() => meStatus(suite.server.baseURL, token)).toBe(401);
  });
});

/** 'June 1, 2026', as the date pickers show (and read) a date. */
const longDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

const openAccountMenuItem = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name }).click();
};

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { name, level: 1 }).waitFor();

/** Every screen opens and shows its content (axe also opens each one, in accessibility.test.ts). */
describe('every screen opens', () => {
  test('a student: calendar, How To Earn, Contact Us, status, and My Activity filtered by date', async ({
    page,
  }) => {
    const { user } = await apiLogin(suite.server.baseURL, 'student1');
    await signIn(page, 'student1');
    await heading(page, 'Home');

    await mainNav(page).getByRole('link', { name: 'Calendar' }).click();
    await heading(page, 'Calendar');
    // The month is a table named by its title, with a header cell per weekday.
    await expect
      .poll(() => page.getByRole('table').first().getByRole('columnheader').count())
      .toBe(7);
    await page.getByRole('heading', { name: 'Holidays' }).waitFor();

    await openAccountMenuItem(page, 'How To Earn');
    await heading(page, 'How To Earn');
    await expectPath(page, '/how-to-earn');
    await page.getByRole('heading', { name: 'Bonuses' }).first().waitFor();

    await openAccountMenuItem(page, 'Contact Us');
    await heading(page, 'Contact Us');
    // Signed in, the form starts with the user's name and school.
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(
      `${user.firstName} ${user.lastName}`,
    );
    expect(await page.getByRole('textbox', { name: 'School', exact: true }).inputValue()).toBe(
      user.school.name,
    );

    await page.goto('/status');
    await heading(page, 'Status');
    await page.getByText('Operational').first().waitFor();

    await mainNav(page).getByRole('link', { name: 'My Activity' }).click();
    await heading(page, 'My Activity');
    await page.getByRole('table').first().waitFor();
    // A date picker typed into: nothing is after the year 2100.
    const from = page.getByRole('textbox', { name: 'From', exact: true });
    await from.fill('January 1, 2100');
    await from.press('Escape');
    await page.getByText('Nothing matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('table').first().waitFor();
    expect(await from.inputValue()).toBe('');
  });

  test('a teacher: rosters, searched', async ({ page }) => {
    const { token } = await apiLogin(suite.server.baseURL, 'teacher1');
    const classes = await apiGet<{ _id: string; name: string }[]>(
      suite.server.baseURL,
      token,
      'periods',
    );
    const first = await apiGet<{
      name: string;
      students: { firstName: string; lastName: string }[];
    }>(suite.server.baseURL, token, `periods/${classes[0]?._id}`);
    const student = first.students[0];
    expect(student).toBeTruthy();

    await signIn(page, 'teacher1');
    await page.goto('/rosters');
    await heading(page, 'Rosters');
    await page
      .getByRole('button', { name: new RegExp(first.name) })
      .first()
      .click();
    await page.getByRole('cell', { name: student!.lastName }).first().waitFor();

    const search = page.getByRole('textbox', { name: 'Search students' });
    await search.fill('zzzz-nobody');
    await page.getByText('No student matches “zzzz-nobody”.').waitFor();
    await search.fill(student!.lastName);
    await page.getByRole('cell', { name: student!.lastName }).first().waitFor();
  });

  test('an admin: adds and removes a holiday with the date picker, and reads a message sent with the contact form', async ({
    page,
  }) => {
    const { token } = await apiLogin(suite.server.baseURL, 'admin');
    const cal = await apiGet<{ end: string; holidays: { date: string }[] }>(
      suite.server.baseURL,
      token,
      'calendar',
    );
    // The school year's last weekday that is not already a holiday.
    let day = cal.end;
    while (
      [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()) ||
      cal.holidays.some((h) => h.date === day)
    )
      day = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const name = `E2E day ${Date.now()}`;

    await signIn(page, 'admin');
    await page.goto('/calendar');
    await heading(page, 'Calendar');
    const date = page.getByRole('textbox', { name: 'Date', exact: true });
    await date.fill(longDay(day));
    await date.press('Escape');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add holiday' }).click();
    const remove = page.getByRole('button', { name: `Remove holiday ${name} on`, exact: false });
    await remove.waitFor();
    expect(
      (
        await apiGet<{ holidays: { date: string; name: string }[] }>(
          suite.server.baseURL,
          token,
          'calendar',
        )
      ).holidays,
    ).toContainEqual({ date: day, name });
    // The form is empty again, ready for the next one.
    expect(await date.inputValue()).toBe('');
    await remove.click();
    await remove.waitFor({ state: 'detached' });

    await openAccountMenuItem(page, 'Contact Us');
    await heading(page, 'Contact Us');
    await page.getByRole('heading', { name: 'Received messages' }).waitFor();
    // A message is required: the field says so, and nothing is sent.
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message is required').waitFor();
    const message = `Hello from the e2e suite ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('admin@example.com');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(message);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Thank you|sent/i })
      .waitFor();
    // The list below refreshes by itself (the contact rule of apps/web/src/api/invalidate.ts).
    await page.getByText(message).waitFor();
  });
});

describe('the demo banner', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'Demo notice' });

  test('shows on the public pages and on every signed-in screen while the demo sign-ins work', async ({
    page,
  }) => {
    for (const path of ['/', '/login', '/status']) {
      await page.goto(path);
      await expect
        .poll(() => banner(page).textContent())
        .toBe("Demo school: don't enter real student data");
    }
    await signIn(page, 'teacher1');
    for (const path of ['/classes', '/calendar']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await banner(page).waitFor();
    }
    // The server says so to anyone, signed in or not.
    expect((await (await fetch(`${suite.server.baseURL}/api/v1/status`)).json()).demo).toBe(true);
  });
});

describe('a page that cannot load', () => {
  test('its chunk failing twice: one reload, then the error page in the frame, left by the menu', async ({
    page,
  }) => {
    await signIn(page, 'student1');
    await heading(page, 'Home');
    // As when a deploy replaced the chunk and the new one cannot be fetched either.
    const storeChunk = /\/assets\/StorePage-[\w-]+\.js$/;
    await page.route(storeChunk, (route) => route.abort());
    await mainNav(page).getByRole('link', { name: 'My Store' }).click();

    await heading(page, 'Something went wrong');
    expect(pathnameOf(page)).toBe('/store');
    // The one forced reload happened (its flag stops a second).
    expect(await page.evaluate(() => sessionStorage.getItem('chunkReloaded'))).toBe('1');

    // The frame stays: another page from the menu clears the error, without a reload (the
    // marker would not survive one); so does going back.
    await page.evaluate(() => Object.assign(globalThis, { sameDocument: true }));
    await mainNav(page).getByRole('link', { name: 'Calendar' }).click();
    await heading(page, 'Calendar');
    await page.goBack();
    await heading(page, 'Something went wrong');
    await page.goBack();
    await heading(page, 'Home');
    expect(await page.evaluate(() => 'sameDocument' in globalThis)).toBe(true);

    // Once the chunk can be fetched, the error page's Reload opens the store.
    await page.unroute(storeChunk);
    await page.goForward();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('chunkReloaded')))
      .toBeNull();
    expect(pathnameOf(page)).toBe('/store');
  });
});

// The boot script sends a page's first reads while the app still loads (apps/web/src/boot): the
// app takes their answers instead of asking again, the class's roster with the day the page shows.
// The app stamps each of its own GETs with ?time= (api/client.ts); the boot script does not.
describe('the first screen', () => {
  /** teacher1's Math 6, the class page the phone bench opens. */
  const mathSixId = async () => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher1');
    const classes = await apiGet<{ _id: string; name: string }[]>(
      suite.server.baseURL,
      teacher.token,
      'periods',
    );
    return classes.find((c) => c.name === 'Math 6')!._id;
  };

  test('the class page asks for each of its first reads once', async ({ page }) => {
    const id = await mathSixId();
    await signIn(page, 'teacher1');
    const asked: string[] = [];
    const days: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/api/')) return;
      const by = r.method() === 'GET' && url.searchParams.has('time') ? 'app' : 'boot';
      asked.push(`${r.method()} ${url.pathname} by ${by}`);
      if (url.pathname.includes('/class-stats/')) days.push(url.searchParams.get('date') ?? '');
    });
    await page.goto(`/class/${id}`);
    await page
      .getByRole('table', { name: /^Students/ })
      .getByRole('checkbox')
      .first()
      .waitFor();
    // Nothing asked again once the roster is up.
    await expect(
      page.waitForRequest((r) => r.url().includes('/activity/class-stats/'), { timeout: 1_000 }),
    ).rejects.toThrow();
    // The roster read is of the day the page shows.
    expect(days).toHaveLength(1);
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(days[0]);
    for (const call of [
      `GET /api/v1/periods/${id}`,
      'GET /api/v1/calendar',
      'GET /api/v1/group-types',
      `GET /api/v1/activity/class-stats/${id}`,
      'GET /api/v1/coaching/me',
    ])
      expect(
        asked.filter((a) => a.startsWith(`${call} by`)),
        call,
      ).toEqual([`${call} by boot`]);
    expect(asked.filter((a) => a.startsWith('POST /api/v1/auth/me '))).toHaveLength(1);
  });

  test('opened again the same day, the class page sends its roster’s read before the answers it is read from', async ({
    page,
  }) => {
    const id = await mathSixId();
    await signIn(page, 'teacher1');
    const roster = page
      .getByRole('table', { name: /^Students/ })
      .getByRole('checkbox')
      .first();
    await page.goto(`/class/${id}`);
    await roster.waitFor();

    // In the order the browser saw them: each API request sent, each answer received.
    const seen: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) seen.push(`sent ${url.pathname}`);
    });
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) seen.push(`answered ${url.pathname}`);
    });
    await page.goto(`/class/${id}`);
    await roster.waitFor();
    const at = (event: string) => seen.indexOf(event);
    const rosterSent = at(`sent /api/v1/activity/class-stats/${id}`);
    expect(rosterSent).toBeGreaterThanOrEqual(0);
    // The day and the ratio's window were kept from the first visit: the roster's and the
    // ratio's reads leave with the calendar's and the session's, not after their answers.
    expect(rosterSent).toBeLessThan(at('answered /api/v1/calendar'));
    expect(at('sent /api/v1/coaching/me')).toBeLessThan(at('answered /api/v1/auth/me'));
    // And each once: the page took them.
    expect(seen.filter((e) => e === `sent /api/v1/activity/class-stats/${id}`)).toHaveLength(1);
    expect(seen.filter((e) => e === 'sent /api/v1/coaching/me')).toHaveLength(1);
  });
});
