/**
 * The student home's JavaScript stays within 200 KB gzip with the words of one language only
 * (issue 21; docs/decisions/109-i18n.md): every script the page loads, from the first byte to a
 * settled home, gzipped as a server would send it. A size, not a timing.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { STUDENT_HOME_JS_BUDGET_BYTES } from './helpers/bundle-budget.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();

/** Opens the student home signed in (the token placed as the sign-in form would), in `locale`. */
async function scriptsOfStudentHome(page: Page, locale: string) {
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) scripts.set(new URL(res.url()).pathname, gzipSync(body).length);
  });
  const { token, user } = await apiLogin(suite.server.baseURL, 'student1');
  await page.addInitScript(
    ([t, id]) => {
      localStorage.setItem('authtoken', t!);
      localStorage.setItem('userId', id!);
    },
    [token, user._id],
  );
  await page.context().setExtraHTTPHeaders({ 'accept-language': locale });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  const names = [...scripts.keys()].map((p) => p.split('/').pop()!);
  console.log(`student home, ${locale}: ${(total / 1024).toFixed(1)} KB of JavaScript (gzip)`);
  return { total, names, html: await page.locator('html').getAttribute('lang') };
}

describe('the student home', () => {
  test('loads at most 200 KB of JavaScript, with the English base words only', async ({ page }) => {
    const home = await scriptsOfStudentHome(page, 'en-US');
    expect(home.html).toBe('en');
    expect(home.names.some((n) => /^words-en-/.test(n))).toBe(true);
    expect(home.names.some((n) => /^words-es-/.test(n))).toBe(false);
    // The home needs the base words only: not the other screens', not staff's.
    expect(home.names.filter((n) => n.startsWith('words-'))).toEqual([
      expect.stringMatching(/^words-en-base-/),
    ]);
    expect(home.total, home.names.join(', ')).toBeLessThanOrEqual(STUDENT_HOME_JS_BUDGET_BYTES);
  });

  test('in Spanish: within the same 200 KB, the Spanish base words only', async () => {
    const context = await suite.browser.newContext({
      baseURL: suite.server.baseURL,
      locale: 'es-MX',
    });
    try {
      const home = await scriptsOfStudentHome(await context.newPage(), 'es-MX,es;q=0.9');
      expect(home.html).toBe('es');
      expect(home.names.some((n) => /^words-es-/.test(n))).toBe(true);
      expect(home.names.some((n) => /^words-en-/.test(n))).toBe(false);
      expect(home.names.filter((n) => n.startsWith('words-'))).toEqual([
        expect.stringMatching(/^words-es-base-/),
      ]);
      expect(home.total, home.names.join(', ')).toBeLessThanOrEqual(STUDENT_HOME_JS_BUDGET_BYTES);
    } finally {
      await context.close();
    }
  });
});
