import { AxeBuilder } from '@axe-core/playwright';
import type { ActivityOptions, ClassStudentStats } from '@app/domain';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { apiGet, fullName } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';
import { merits } from './helpers/words.js';

/** A teacher gives a bonus to one student on the class page with the keyboard alone. */
const { suite, test } = useE2E();

/** The most key presses a keyboard-only give to one student may take (issue 8). */
const MAX_KEY_PRESSES = 15;

/** The focused element: its tag and accessible label or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el
      ? `${el.tagName.toLowerCase()}|${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? ''}`
      : '';
  });

/** Every key pressed (with where focus went), so the count is of real presses and a failure shows the path. */
function keyboard(page: Page) {
  const seen: string[] = [];
  const press = async (key: string) => {
    await page.keyboard.press(key);
    const f = await focused(page);
    seen.push(`${key} → ${f}`);
    return f;
  };
  /** Presses `key` until focus matches (each press counts), at most `max` times. */
  const pressUntil = async (key: string, want: RegExp, max = 60) => {
    for (let i = 0; i < max; i++) if (want.test(await press(key))) return;
    throw new Error(`${key} never reached ${want}:\n${seen.join('\n')}`);
  };
  return { seen, press, pressUntil, path: () => seen.join('\n') };
}

const classStats = async (token: string, periodId: string) =>
  (
    await apiGet<{ students: ClassStudentStats[] }>(
      suite.server.baseURL,
      token,
      `activity/class-stats/${periodId}`,
    )
  ).students;

describe('keyboard', () => {
  test(`a bonus is given to one student on the class page with the keyboard alone, in at most ${MAX_KEY_PRESSES} key presses`, async ({
    page,
  }) => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher1');
    const classes = await apiGet<{ _id: string; name: string }[]>(
      suite.server.baseURL,
      teacher.token,
      'periods',
    );
    const math6 = classes.find((c) => c.name === 'Math 6')!;
    const options = await apiGet<ActivityOptions>(
      suite.server.baseURL,
      teacher.token,
      'activity/options',
    );
    const bonus = options.categories.Bonuses.find((o) => o.name === 'Helping others')!;
    const before = await classStats(teacher.token, math6._id);

    await signIn(page, 'teacher1');
    await page.goto(`/class/${math6._id}`);
    await page.getByRole('button', { name: /^Helping others/ }).waitFor();
    await page
      .getByRole('table', { name: /^Students/ })
      .getByRole('checkbox')
      .first()
      .waitFor();
    // Start from the top of the page as a freshly loaded one (signing in left focus on the form).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    const keys = keyboard(page);
    // Skip link, to the main content, then Tab to the roster: one Tab stop whatever the class size.
    expect(await keys.press('Tab')).toBe('a|Skip to main content');
    await keys.press('Enter');
    await keys.pressUntil('Tab', /^input\|Select /, 12);
    const name = (await focused(page)).replace(/^input\|Select /, '');
    await keys.press('Space');
    // Tab leaves the roster for the actions (one Tab stop too); arrow keys move to the one wanted.
    expect(await keys.press('Tab')).toMatch(/^button\|/);
    await keys.pressUntil('ArrowDown', /^button\|Helping others/, 10);
    await keys.press('Enter');
    await expect
      .poll(() =>
        page.getByRole('button', { name: /^Helping others/ }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    // The action bar says what will happen, and its Give button comes next.
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect
      .poll(() => bar.textContent())
      .toContain(`1 student selected · +${bonus.points} Helping others`);
    expect(await keys.press('Tab')).toBe('button|Give to 1 student');
    await keys.press('Enter');
    await page.getByText(`Gave ${merits(bonus.points)} to 1 student`).waitFor();

    const presses = keys.seen.length;
    console.log(`keyboard give: ${presses} key presses\n${keys.path()}`);
    expect(presses, keys.path()).toBeLessThanOrEqual(MAX_KEY_PRESSES);

    // Focus went back to the roster, on the student just given to, not to the page body.
    await expect.poll(() => focused(page)).toBe(`input|Select ${name}`);
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    // The selection is cleared, so the action bar is gone.
    await expect.poll(() => bar.count()).toBe(0);

    // The give happened: the student's balance rose by the bonus, on the server and on the roster.
    const matches = before.filter((s) => fullName(s) === name);
    expect(matches, `one student named ${name}`).toHaveLength(1);
    const student = matches[0]!;
    const after = (await classStats(teacher.token, math6._id)).find((s) => s._id === student._id)!;
    expect(after.balance - student.balance).toBe(bonus.points);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
    await expect
      .poll(() => row.getByRole('cell').nth(2).textContent())
      .toBe(after.balance.toLocaleString('en-US'));
  });

  test('inside the roster and the actions, arrow keys move and Tab leaves at once', async ({
    page,
  }) => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher1');
    const classes = await apiGet<{ _id: string; name: string }[]>(
      suite.server.baseURL,
      teacher.token,
      'periods',
    );
    const math6 = classes.find((c) => c.name === 'Math 6')!;
    await signIn(page, 'teacher1');
    await page.goto(`/class/${math6._id}`);
    const roster = page.getByRole('table', { name: /^Students/ });
    await roster.getByRole('checkbox').first().waitFor();
    await page.getByRole('button', { name: /^Helping others/ }).waitFor();

    const keys = keyboard(page);
    await roster.getByRole('checkbox').first().focus();
    const first = await focused(page);
    expect(await keys.press('ArrowDown')).not.toBe(first);
    expect(await keys.press('ArrowUp')).toBe(first);
    expect(await keys.press('ArrowRight')).toMatch(/^input\|Absent: /);
    expect(await keys.press('ArrowLeft')).toBe(first);
    expect(await keys.press('End')).not.toBe(first);
    expect(await keys.press('Home')).toBe(first);
    // Tab leaves the roster straight for the actions: the first action is their one Tab stop.
    const firstAction = await keys.press('Tab');
    expect(firstAction).toMatch(/^button\|/);
    expect(firstAction).not.toMatch(/^button\|(Pin|Unpin) /);
    // Right goes to the action's pin, Down to the next action, a letter to an action with it.
    const action = firstAction.replace(/^button\|/, '').replace(/ [+−]\d+ points.*$/, '');
    expect(await keys.press('ArrowRight')).toBe(`button|Pin ${action}`);
    expect(await keys.press('ArrowDown')).not.toMatch(/^button\|Pin /);
    expect(await keys.press('l')).toMatch(/^button\|L/);
    expect(await keys.press('Home')).toBe(firstAction);
    // With nobody selected there is no Give button to stop at: Tab goes on to the next control.
    const next = await keys.press('Tab');
    expect(next).not.toMatch(/^button\|(Pin |Unpin )/);
    expect(next).not.toBe(firstAction);
    // Shift+Tab comes back to the action last reached, not to the first pin or the last action.
    expect(await keys.press('Shift+Tab')).toBe(firstAction);
  });

  test('with students selected the action bar is in view, on desktop and phone; the roster says what its dots and hidden columns are', async ({
    page,
  }) => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher1');
    const classes = await apiGet<{ _id: string; name: string }[]>(
      suite.server.baseURL,
      teacher.token,
      'periods',
    );
    const math6 = classes.find((c) => c.name === 'Math 6')!;
    const options = await apiGet<ActivityOptions>(
      suite.server.baseURL,
      teacher.token,
      'activity/options',
    );
    const [first] = [...(await classStats(teacher.token, math6._id))].sort(
      (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
    );
    await signIn(page, 'teacher1');
    // The first student gets a bonus and a flag on the page's day, so their selected row shows green and red points.
    await page.goto(`/class/${math6._id}`);
    const day = await page.getByLabel('Date', { exact: true }).inputValue();
    const res = await fetch(`${suite.server.baseURL}/api/v1/activity/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: teacher.token },
      body: JSON.stringify({
        internalPeriodId: math6._id,
        externalStudentIds: [first!.externalStudentId],
        activityTypes: [options.categories.Bonuses[0]!._id, options.categories.Flags[0]!._id],
        date: day,
      }),
    });
    expect(res.status, await res.text()).toBe(200);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const size = `${viewport.width}×${viewport.height}`;
      await page.setViewportSize(viewport);
      await page.goto(`/class/${math6._id}`);
      const roster = page.getByRole('table', { name: /^Students/ });
      await roster.getByRole('checkbox').first().waitFor();
      await page.getByRole('button', { name: /^Homework complete/ }).waitFor();
      const bar = page.getByRole('region', { name: 'Selection' });
      expect(await bar.count(), `${size}: no bar without a selection`).toBe(0);

      // The house dots have a legend in words.
      const legend = page.getByRole('list', { name: 'Houses:' });
      expect((await legend.getByRole('listitem').allTextContents()).length, size).toBeGreaterThan(
        0,
      );

      // On a phone the roster says which columns are out of view, and takes you there.
      const more = page.getByRole('button', { name: /^More columns: / });
      if (viewport.width < 500) {
        expect(await more.textContent(), size).toMatch(/Flagged, Absent/);
        await more.click();
        // Scrolled: now the hint names the columns out of view on the other side.
        await page.getByRole('button', { name: /^Student\b/ }).waitFor();
      } else expect(await more.count(), size).toBe(0);

      await roster
        .getByRole('checkbox', { name: `Select ${fullName(first!)}`, exact: true })
        .check();
      await page.getByRole('button', { name: /^Homework complete/ }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect
        .poll(() => bar.textContent(), { message: size })
        .toContain('1 student selected · +2 Homework complete');
      // The bar and its Give button are inside the window, wherever the page is scrolled.
      for (const y of [0, 100_000]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        const box = await page
          .getByRole('button', { name: 'Give to 1 student', exact: true })
          .boundingBox();
        expect(box, `${size}, scrolled to ${y}`).not.toBeNull();
        expect(box!.y, size).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height, size).toBeLessThanOrEqual(viewport.height);
      }
      // Scrolled to the end, the page's last card ends above the bar: it covers nothing for good.
      const overlap = await page.evaluate(() => {
        const barTop = document.querySelector('.give-bar')!.getBoundingClientRect().top;
        const cards = [...document.querySelectorAll('#main-content .mantine-Card-root')].map(
          (c) => c.getBoundingClientRect().bottom,
        );
        return cards.length ? Math.max(...cards) - barTop : Number.NaN;
      });
      expect(overlap, `${size}: the last card's bottom minus the bar's top`).toBeLessThanOrEqual(0);
      // axe-core (WCAG 2.1 AA) finds nothing with the bar and the hints shown, a roster row hovered.
      await roster.getByRole('row').nth(3).hover();
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
      );
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .setLegacyMode()
        .analyze();
      expect(
        axe.violations.map(
          (v) =>
            `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${JSON.stringify(n.any.map((c) => c.data))}`).join(', ')}`,
        ),
        size,
      ).toEqual([]);
      // Clear takes the selection, and the bar, away; focus goes back to the roster.
      await bar.getByRole('button', { name: 'Clear', exact: true }).click();
      await expect.poll(() => bar.count(), { message: size }).toBe(0);
      expect(await focused(page), size).toMatch(/^input\|Select /);
    }
  });

  test('after a give on Bonuses & Flags, focus goes to its result, not to the page body', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/bonuses-flags');
    await page.getByRole('textbox', { name: 'Search students' }).fill('Isabella Anderson');
    await page.getByRole('checkbox', { name: 'Select Isabella Anderson', exact: true }).check();
    await page.getByRole('button', { name: /^Helping others/ }).click();
    await page.getByRole('button', { name: 'Give to 1 student', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Done' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^Done.*Gave \d+ Merits? to 1 student/);
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });
});
