/** The keyboard: a skip link first, and a focus indicator on every Tab stop (WCAG 2.4.1, 2.4.7). */
import type { Page } from 'playwright-core';
import type { SessionUser } from '@app/domain';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { apiGet } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();

async function signInQuickly(
  page: Page,
  username: string,
): Promise<{ token: string; user: SessionUser }> {
  const session = await apiLogin(suite.server.baseURL, username);
  await page.goto('/status');
  await page.evaluate(
    ([token, id]) => {
      localStorage.setItem('authtoken', token);
      localStorage.setItem('userId', id);
    },
    [session.token, session.user._id] as const,
  );
  return session;
}

/**
 * The focused element, and whether it shows where focus is: a ring on itself or on its ::after
 * (cards whose link covers them), on the visible control next to a visually hidden input
 * (Mantine's Switch), or, for Mantine's text inputs, the border in the primary colour.
 */
const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const css = (e: Element, pseudo?: string) => getComputedStyle(e, pseudo);
    const ringed = (s: CSSStyleDeclaration) =>
      s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
    const hidden = parseFloat(css(el).opacity) === 0 || (el as HTMLElement).offsetWidth <= 1;
    const primary = css(document.documentElement)
      .getPropertyValue('--mantine-primary-color-filled')
      .trim();
    const shown =
      ringed(css(el)) ||
      ringed(css(el, '::after')) ||
      (hidden && el.nextElementSibling !== null && ringed(css(el.nextElementSibling))) ||
      (el.matches('.mantine-Input-input') &&
        css(el).getPropertyValue('--input-bd').trim() === primary);
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return {
      element: `${el.tagName.toLowerCase()} "${label}"`,
      skipLink: el.classList.contains('skip-link'),
      shown,
    };
  });

describe('keyboard', () => {
  test('the first Tab stop is a skip link, shown while focused, that moves focus to the main content', async ({
    page,
  }) => {
    await signInQuickly(page, 'teacher1');
    await page.goto('/classes');
    await page.getByRole('heading', { name: 'Classes', level: 1 }).waitFor();
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

    await page.keyboard.press('Tab');
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(100);

    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(new URL(page.url()).pathname).toBe('/classes');
    // The next stop is the first control of the page itself: the first class card.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Math 6');
  });

  test('every Tab stop shows a focus indicator', async ({ page }) => {
    const { token } = await signInQuickly(page, 'teacher1');
    const classId = (await apiGet<{ _id: string }[]>(suite.server.baseURL, token, 'periods'))[0]
      ?._id;
    const missing: string[] = [];
    let stops = 0;
    for (const path of ['/classes', `/class/${classId}`, '/calendar', '/contact', '/profile']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.locator('.mantine-Loader').first().waitFor({ state: 'detached' });
      // Up to 30 stops a page, or until Tab comes round to the skip link again.
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        const focused = await focusIndicator(page);
        if (!focused) continue;
        if (focused.skipLink && i > 0) break;
        stops++;
        if (!focused.shown) missing.push(`${path}: ${focused.element}`);
      }
    }
    expect(stops).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});
