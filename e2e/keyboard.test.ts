import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { apiGet } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

/** A teacher gives a bonus to one student on the class page with the keyboard alone. */
const { suite, test } = useE2E();

/** The focused element: its tag and accessible label or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()}|${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? ''}` : '';
  });

describe('keyboard', () => {
  test('the roster is one Tab stop (arrows move inside it) and a bonus is given with the keyboard alone', async ({ page }) => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher1');
    const classes = await apiGet<{ _id: string; name: string }[]>(suite.server.baseURL, teacher.token, 'periods');
    const math6 = classes.find((c) => c.name === 'Math 6')!;
    await signIn(page, 'teacher1');
    await page.goto(`/class/${math6._id}`);
    await page.getByRole('button', { name: /^Helping others/ }).waitFor();

    const seen: string[] = [];
    const press = async (key: string) => {
      await page.keyboard.press(key);
      const f = await focused(page);
      seen.push(`${key} → ${f}`);
      return f;
    };
    const tabTo = async (want: RegExp) => {
      for (let i = 0; i < 60; i++) if (want.test(await press('Tab'))) return;
      throw new Error(`never reached ${want}:\n${seen.join('\n')}`);
    };

    await tabTo(/\|Select /);
    const first = await focused(page);
    // Arrow keys move inside the roster; Tab leaves it at once, whatever the class size.
    expect(await press('ArrowDown')).not.toBe(first);
    expect(await press('ArrowUp')).toBe(first);
    await press('Space');
    expect(await press('Tab')).not.toMatch(/\|Select |\|Absent: /);

    await tabTo(/^button\|Helping others/);
    await press('Enter');
    await tabTo(/^button\|Give to 1 student/);
    await press('Enter');
    await page.getByText(/^Gave \d+ points? to 1 student/).waitFor();
    console.log(`keyboard give: ${seen.length} key presses`);
  });
});
