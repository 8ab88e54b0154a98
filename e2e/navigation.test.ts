import { sideNav } from '@app/domain';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin, meStatus } from './helpers/api.js';
import { linkNames, pathnameOf, signIn } from './helpers/browser.js';
import { useE2E } from './helpers/suite.js';

/** Spec section 2, side navigation, for the demo users: the table is the specification. */
const SPEC_NAV: Record<string, string[]> = {
  student1: ['Dashboard', 'My Activity', 'My Store', 'My Orders', 'Calendar'],
  teacher1: ['Classes', 'Store', 'Orders', 'Reports', 'Calendar'],
  admin: ['Bonuses & Flags', 'Store', 'Reports', 'Calendar'],
  store: ['Store', 'Orders', 'Calendar'],
  // No periods: no Classes, and no Reports since no report permission applies either.
  teacher4: ['Store', 'Orders', 'Calendar'],
};

const { suite, test } = useE2E();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Polls until the path settles on `expected` (client-side redirects happen after load). */
const expectPath = (page: Page, expected: string) =>
  expect.poll(() => pathnameOf(page), { timeout: 10_000 }).toBe(expected);

describe('side navigation', () => {
  test.for(Object.entries(SPEC_NAV))('%s sees exactly the links of the spec', async ([username, expected], { page }) => {
    const { user } = await apiLogin(suite.server.baseURL, username);
    expect(sideNav(user).map((item) => item.label)).toEqual(expected);

    await signIn(page, username);
    await expect.poll(() => linkNames(mainNav(page)), { timeout: 10_000 }).toEqual(expected);
  });
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
