/**
 * Invitations that always arrive (issue 32, docs/decisions/132-invitations-without-mail.md), in
 * Chromium, on a server without SMTP_URL: an admin invites a member of staff from Settings →
 * Invitations, reads "No mail was sent" and the link, copies it (the clipboard holds it), the
 * invited person opens it in a fresh browser, chooses a password and lands signed in; the list
 * then says the invitation was used. "Invite everyone without a sign-in" answers its summary.
 * axe (WCAG 2.1 AA) at 0 violations with the link shown, at desktop and phone sizes.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { fullName } from '@app/domain';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin, meStatus } from './helpers/api.js';
import { pathnameOf, signIn } from './helpers/browser.js';
import { useE2E } from './helpers/suite.js';

// A key to keep the link sealed, on either database (PostgreSQL without one shows it only once).
const { suite, test } = useE2E({ SMTP_URL: '', SECRETS_KEY: randomBytes(32).toString('base64') });
const base = () => suite.server.baseURL;
/** Set SCREENSHOTS=<dir> to keep the screen with the link shown, at 1280 and 375 px. */
const SHOTS = process.env.SCREENSHOTS;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

describe('invitations without mail', () => {
  test('an admin invites teacher4, copies the link shown, and teacher4 sets up the account with it', async ({
    page,
  }) => {
    const teacher = await apiLogin(base(), 'teacher4');
    const name = fullName(teacher.user);
    const email = 'teacher4.new@example.org';
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: base(),
    });

    await signIn(page, 'admin');
    await page.goto('/settings?tab=invitations');
    await page.getByRole('heading', { name: 'Invitations', level: 2 }).waitFor();
    await page.getByRole('textbox', { name: 'User' }).fill(teacher.user.firstName);
    await page.getByRole('option', { name }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();

    // The screen says plainly that no mail went out, and shows the link.
    const shown = page.getByRole('status').filter({ hasText: 'No mail was sent' });
    await expect
      .poll(() => shown.textContent())
      .toMatch(
        new RegExp(
          `No mail was sent: this server has no mail set up\\. Copy this link and give it to ${name} yourself; it works once, until .+\\.`,
        ),
      );
    expect(await page.getByText(`Invitation sent to ${email}`).count()).toBe(0);
    const link = await page
      .getByRole('textbox', { name: `Invitation link for ${name}` })
      .inputValue();
    expect(link).toMatch(new RegExp(`^${base()}/account-setup\\?token=[A-Za-z0-9_-]+$`));
    await page
      .getByRole('button', { name: `Copy link for ${name}` })
      .first()
      .click();
    await page.getByRole('button', { name: 'Copied' }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The list: not mailed, and its asker may copy it again.
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('Not mailed', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Copy link for ${name}` }).count()).toBe(1);
    await expectNoAxeViolations(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      if (SHOTS) {
        await mkdir(SHOTS, { recursive: true });
        await page.screenshot({
          path: path.join(SHOTS, `invitations-${width}.png`),
          fullPage: true,
        });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // teacher4, in a browser of their own, with the link the admin handed over.
    const fresh = await suite.browser.newContext({
      baseURL: base(),
      viewport: { width: 1280, height: 800 },
    });
    try {
      const theirs = await fresh.newPage();
      const url = new URL(link);
      await theirs.goto(url.pathname + url.search);
      await theirs.getByText('Choose the password for teacher4.').waitFor();
      await theirs
        .getByRole('textbox', { name: 'New password', exact: true })
        .fill('a quiet blue harbour');
      await theirs
        .getByRole('textbox', { name: 'Repeat the new password' })
        .fill('a quiet blue harbour');
      await theirs.getByRole('button', { name: 'Set up my account' }).click();
      await theirs.waitForURL((u) => u.pathname === '/');
      const token = await theirs.evaluate(() => localStorage.getItem('authtoken'));
      expect(token).toBeTruthy();
      expect(await meStatus(base(), token!)).toBe(200);
      expect(pathnameOf(theirs)).toBe('/');
    } finally {
      await fresh.close();
    }
    await apiLogin(base(), 'teacher4', 'a quiet blue harbour');

    // Used: the list says so and offers the link no more.
    await page.reload();
    const used = page.getByRole('row').filter({ hasText: email });
    await used.getByText('Used', { exact: true }).waitFor();
    expect(await used.getByRole('button').count()).toBe(0);
  });

  test('"Invite everyone without a sign-in" asks first, then answers its summary', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/settings?tab=invitations');
    await page.getByRole('heading', { name: 'Invite everyone without a sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Invite everyone', exact: true }).click();
    await page.getByText('Send an invitation to each of them now?').waitFor();
    await page.getByRole('button', { name: 'Yes, invite them' }).click();
    // Every member of the demo's staff has a password: no one is invited.
    await page.getByRole('status').filter({ hasText: 'No invitation was mailed.' }).waitFor();
    expect(await page.getByText('was not mailed').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
