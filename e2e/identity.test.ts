/**
 * Identity screens (issue 11): the SSO round trip against a real OpenID provider on loopback (the
 * server reads the demo school's Clever client from the environment), account setup from an
 * invitation and a password reset with their mails read from a real SMTP server on loopback, and
 * axe (WCAG 2.1 AA) at 0 violations on the five screens and the login page.
 */
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/helpers/oidc.js';
import { linkIn, startSmtpServer } from '../apps/server/test/helpers/smtp.js';
import { apiLogin, meStatus } from './helpers/api.js';
import { launchBrowser, pathnameOf, testWithPage } from './helpers/browser.js';
import { freePort, startServer, type TestServer } from './helpers/server.js';

const suite = {} as {
  server: TestServer;
  browser: Browser;
  idp: TestOidcProvider;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
};
const CLIENT = { clientId: 'demo-clever', clientSecret: 'demo-clever-secret-0123456789' };

beforeAll(async () => {
  const [port, idpPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  suite.smtp = await startSmtpServer();
  // The provider's port is chosen first: the server reads the issuer at start, the provider needs our redirect.
  [suite.idp, suite.server, suite.browser] = await Promise.all([
    startOidcProvider({ redirectUris: [`${base}/login/clever`], port: idpPort, ...CLIENT }),
    startServer({
      // A provider on loopback over plain http is for development and tests only (docs/decisions/060-sso-issuer-public-internet.md).
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: base,
      SMTP_URL: suite.smtp.url,
      CLEVER_ISSUER: `http://127.0.0.1:${idpPort}`,
      CLEVER_CLIENT_ID: CLIENT.clientId,
      CLEVER_CLIENT_SECRET: CLIENT.clientSecret,
      // Its secret is kept encrypted: on PostgreSQL only with a key (apps/server/src/lib/secrets.ts).
      SECRETS_KEY: randomBytes(32).toString('base64'),
    }),
    launchBrowser(),
  ]);
  suite.idp.accounts.set('T-1', { claims: { name: 'Taylor Brooks' } }); // teacher1's roster id
}, 120_000);

afterAll(async () => {
  await suite.browser?.close();
  await suite.server?.stop();
  await suite.idp?.stop();
  await suite.smtp?.stop();
});

const test = testWithPage(() => ({ browser: suite.browser, baseURL: suite.server.baseURL }));

async function expectNoAxeViolations(page: Page) {
  await page.locator('h1').first().waitFor();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authtoken'));

describe('identity screens', () => {
  test('SSO round trip: the login page to Clever and back, signed in as the roster user', async ({
    page,
  }) => {
    await page.goto('/login');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Sign in with Clever' }).click();
    await page.getByRole('textbox', { name: 'School code' }).fill('DEMO');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue to Clever' }).click();
    // At the provider: its own sign-in form.
    await page.waitForURL((u) => u.port === new URL(suite.idp.issuer).port);
    await page.getByRole('textbox', { name: 'User id' }).fill('T-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect(await meStatus(suite.server.baseURL, token!)).toBe(200);
    const me = await fetch(`${suite.server.baseURL}/api/v1/auth/me`, {
      method: 'POST',
      headers: { authtoken: token! },
    }).then((r) => r.json());
    expect(me.username).toBe('teacher1');
  });

  test('the return page without an answer from the provider says so, and is accessible', async ({
    page,
  }) => {
    await page.goto('/login/clever?error=access_denied&error_description=You%20declined.');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('You declined.');
    await expectNoAxeViolations(page);
    expect(pathnameOf(page)).toBe('/login/clever');
  });

  test('account setup from an invitation: the mail, the page, signed in; the link works once', async ({
    page,
  }) => {
    const admin = await apiLogin(suite.server.baseURL, 'admin');
    const teacher = await apiLogin(suite.server.baseURL, 'teacher2');
    const email = 'teacher2@example.org';
    const sent = await fetch(`${suite.server.baseURL}/api/v1/settings/invitations`, {
      method: 'POST',
      headers: { authtoken: admin.token, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: teacher.user._id, email }),
    });
    expect(sent.status).toBe(200);
    const link = linkIn(await suite.smtp.next(email), '/account-setup');
    await page.goto(link.pathname + link.search);
    await expect.poll(() => page.getByText('Choose the password for teacher2.').count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password1');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('password1');
    await page.getByRole('button', { name: 'Set up my account' }).click();
    await expect
      .poll(() => page.getByText('This password is too common. Choose another.').count())
      .toBe(1);
    await page
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('a calm green river');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('a calm green river');
    await page.getByRole('button', { name: 'Set up my account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await meStatus(suite.server.baseURL, teacher.token)).toBe(401); // the old session ended
    await apiLogin(suite.server.baseURL, 'teacher2', 'a calm green river');

    await page.goto(link.pathname + link.search);
    await expect
      .poll(() =>
        page.getByText('This link has expired or was already used. Ask for a new one.').count(),
      )
      .toBe(1);
  });

  test('forgot and reset password: the same answer, the mail, a new password', async ({ page }) => {
    const admin = await apiLogin(suite.server.baseURL, 'admin');
    const teacher = await apiLogin(suite.server.baseURL, 'teacher3');
    const email = 'teacher3@example.org';
    // The address is on the account from an invitation (the roster import may bring it too).
    await fetch(`${suite.server.baseURL}/api/v1/settings/invitations`, {
      method: 'POST',
      headers: { authtoken: admin.token, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: teacher.user._id, email }),
    });
    await suite.smtp.next(email);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.org');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    const answerForNobody = await page.getByRole('status').textContent();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(answerForNobody);

    const link = linkIn(await suite.smtp.next(email), '/reset-password');
    await page.goto(link.pathname + link.search);
    await expectNoAxeViolations(page);
    await page
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('blue kites at noon');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('blue kites at noon');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await meStatus(suite.server.baseURL, teacher.token)).toBe(401);
    await apiLogin(suite.server.baseURL, 'teacher3', 'blue kites at noon');
    expect(suite.smtp.mails.filter((m) => m.to.includes('nobody@example.org'))).toEqual([]);
  });

  test('the account setup and reset pages without a link, and the school token sign-in form, are accessible', async ({
    page,
  }) => {
    for (const path of ['/account-setup', '/reset-password']) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('alert').count()).toBe(1);
      await expectNoAxeViolations(page);
    }
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use a school token' }).click();
    await page.getByRole('textbox', { name: 'School code' }).fill('DEMO');
    await page.getByRole('textbox', { name: 'School token' }).fill('not-the-token');
    await page.getByRole('button', { name: 'Sign in with the school token' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Invalid username/password');
    await expectNoAxeViolations(page);
  });
});
