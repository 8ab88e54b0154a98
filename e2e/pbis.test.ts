/**
 * PBIS done right (issue 34), in the browser and in both languages: the class page's ratio line
 * and its "not recognised" marks with the one tap that selects those students; Reports → Fairness
 * (its table, chart, line, note and suppressed groups, its CSV and its Group by) and Reports →
 * Economy (its reading, charts and weekly table; a store manager's store half). Expectations are
 * read from the API.
 */
import { readFile } from 'node:fs/promises';
import {
  coachingLine,
  feedbackRatio,
  monthText,
  WINDOW_WORD,
  type ActivityOptions,
  type ClassStudentStats,
  type CoachingAnswer,
  type EconomyAnswer,
  type EquityAnswer,
  type Language,
  type MessageKey,
} from '@app/domain';
import { t } from '@app/domain/i18n';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin, givingDay } from './helpers/api.js';
import { signedInContext } from './helpers/axe.js';
import { signIn } from './helpers/browser.js';
import { apiGet } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();
const base = () => suite.server.baseURL;
const SLOW = { timeout: 240_000 };

/** A message as the demo school's screens write it (its currency: Merits, Méritos in Spanish). */
const say = (lang: Language, key: MessageKey, values: Record<string, string | number> = {}) =>
  t(lang, key, {
    currency: lang === 'es' ? 'Méritos' : 'Merits',
    currencyOne: lang === 'es' ? 'Mérito' : 'Merit',
    ...values,
  });

/** The class page's line for these figures (the demo school counts over this week). */
function ratioLine(lang: Language, c: CoachingAnswer): string {
  const gentle = coachingLine(c, 'this-week');
  if (gentle) return say(lang, gentle.key, gentle.values);
  const window = WINDOW_WORD['this-week'];
  return c.correctives > 0
    ? say(lang, 'classroom.coaching.ratio', {
        ratio: feedbackRatio(c.positives, c.correctives)!,
        target: c.target,
        window,
      })
    : say(lang, 'classroom.coaching.ratioNoFlag', {
        positives: c.positives,
        target: c.target,
        window,
      });
}

/** "Sep 29" / "29 sept": the day of a student's latest bonus as the mark writes it. */
const monthDay = (lang: Language, day: string) =>
  new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

async function teacherClass() {
  const teacher = await apiLogin(base(), 'teacher1');
  const classes = await apiGet<{ _id: string; name: string }[]>(base(), teacher.token, 'periods');
  const math6 = classes.find((c) => c.name === 'Math 6')!;
  const roster = (
    await apiGet<{ students: ClassStudentStats[] }>(
      base(),
      teacher.token,
      `activity/class-stats/${math6._id}`,
    )
  ).students;
  const coaching = await apiGet<CoachingAnswer>(base(), teacher.token, 'coaching/me');
  const onRoster = coaching.unrecognized.filter((u) => roster.some((s) => s._id === u.studentId));
  return { teacher, math6, roster, coaching, onRoster };
}

/** The roster's row of a student, by the name it shows ("Davis, Ezra"). */
const rowOf = (page: Page, s: ClassStudentStats) =>
  page
    .getByRole('table', { name: /^(Students|Estudiantes)/ })
    .getByRole('row')
    .filter({ hasText: `${s.lastName}, ${s.firstName}` });

/** Each student of the roster nobody has recognised is marked so, with since when. */
async function expectMarks(
  page: Page,
  lang: Language,
  roster: ClassStudentStats[],
  unrecognized: CoachingAnswer['unrecognized'],
) {
  for (const u of unrecognized) {
    const s = roster.find((r) => r._id === u.studentId)!;
    await expect
      .poll(() => rowOf(page, s).innerText())
      .toContain(
        u.lastRecognized === null
          ? say(lang, 'classroom.coaching.neverRecognized')
          : say(lang, 'classroom.coaching.notRecognizedSince', {
              date: monthDay(lang, u.lastRecognized),
            }),
      );
  }
  // A student recognised lately carries no mark.
  const recognised = roster.find((s) => !unrecognized.some((u) => u.studentId === s._id))!;
  expect(await rowOf(page, recognised).innerText()).not.toContain(
    say(lang, 'classroom.coaching.neverRecognized'),
  );
}

describe('the class page: the ratio in the moment, and the students nobody has noticed', () => {
  test(
    'a teacher sees their ratio, the gentle line once a flag would take it under, each student not recognised, and selects them in one tap',
    SLOW,
    async ({ page }) => {
      const { teacher, math6, roster, coaching, onRoster } = await teacherClass();
      expect(
        onRoster.length,
        'the demo has students of Math 6 with no bonus lately',
      ).toBeGreaterThan(0);
      await signIn(page, 'teacher1');
      await page.goto(`/class/${math6._id}`);
      const line = page.locator('[data-coaching]');
      await expect.poll(() => line.innerText()).toContain(ratioLine('en', coaching));
      await expectMarks(page, 'en', roster, onRoster);

      // One tap selects exactly them.
      await page
        .getByRole('button', {
          name: say('en', 'classroom.coaching.selectUnrecognized', {
            count: onRoster.length,
            days: 10,
          }),
        })
        .click();
      await page.getByText(`${onRoster.length} of ${roster.length} selected`).waitFor();
      for (const u of onRoster) {
        const s = roster.find((r) => r._id === u.studentId)!;
        expect(await rowOf(page, s).getByRole('checkbox').isChecked()).toBe(true);
      }

      // Flags until one more would take the ratio under the target: the line turns gentle.
      const options = await apiGet<ActivityOptions>(base(), teacher.token, 'activity/options');
      const flags = Math.max(
        0,
        Math.floor(coaching.positives / coaching.target) - coaching.correctives,
      );
      const flagged = roster.filter((s) => !onRoster.some((u) => u.studentId === s._id));
      if (flags > 0) {
        const res = await fetch(`${base()}/api/v1/activity/bulk`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authtoken: teacher.token },
          body: JSON.stringify({
            internalPeriodId: math6._id,
            externalStudentIds: flagged.slice(0, flags).map((s) => s.externalStudentId),
            activityTypes: [options.categories.Flags[0]!._id],
            date: await givingDay(base(), teacher.token),
          }),
        });
        expect(res.status, await res.text()).toBe(200);
      }
      const after = await apiGet<CoachingAnswer>(base(), teacher.token, 'coaching/me');
      expect(after.correctives).toBe(coaching.correctives + flags);
      const gentle = coachingLine(after, 'this-week');
      expect(gentle, 'one more flag would now go under the target').not.toBeNull();
      await page.reload();
      await expect.poll(() => line.innerText()).toContain(say('en', gentle!.key, gentle!.values));
    },
  );

  test('in Spanish: the line and the marks', SLOW, async () => {
    const { teacher, math6, roster, coaching, onRoster } = await teacherClass();
    const context = await signedInContext(
      suite.browser,
      base(),
      teacher.token,
      teacher.user,
      'es-MX',
    )({ width: 390, height: 844 });
    try {
      const page = await context.newPage();
      await page.goto(`/class/${math6._id}`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
      await expect
        .poll(() => page.locator('[data-coaching]').innerText())
        .toContain(ratioLine('es', coaching));
      await expectMarks(page, 'es', roster, onRoster);
      await page
        .getByRole('button', {
          name: say('es', 'classroom.coaching.selectUnrecognized', {
            count: onRoster.length,
            days: 10,
          }),
        })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

/** Opens a report tab by its address, as an admin, in `lang`. */
async function openReport(page: Page, tab: string, lang: Language) {
  await page.goto(`/reports?tab=${tab}`);
  const name = say(lang, tab === 'fairness' ? 'reports.tab.fairness' : 'reports.tab.economy');
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

async function fairnessOf(by: string) {
  const admin = await apiLogin(base(), 'admin');
  const meta = await apiGet<{ defaultRange: { from: string; to: string } }>(
    base(),
    admin.token,
    'reports/meta',
  );
  const range = `startDate=${meta.defaultRange.from}&endDate=${meta.defaultRange.to}`;
  return {
    admin,
    range,
    equity: await apiGet<EquityAnswer>(base(), admin.token, `reports/equity?by=${by}&${range}`),
  };
}

describe('Reports → Fairness and Economy', () => {
  test(
    'an admin reads fairness by group: the line, the chart against 1, the note, suppressed groups and the CSV; Group by changes the groups',
    SLOW,
    async ({ page }) => {
      const { equity } = await fairnessOf('race');
      const hidden = equity.groups.filter((g) => g.suppressed);
      expect(hidden.length, 'the demo has race groups of fewer than 10 students').toBeGreaterThan(
        0,
      );
      await signIn(page, 'admin');
      await openReport(page, 'fairness', 'en');
      const table = page.getByRole('table', { name: /^Race: fairness by group/ });
      await table.waitFor({ timeout: 20_000 });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(equity.groups.length);
      const text = await table.innerText();
      expect(text.split('Not shown (fewer than 10 students)')).toHaveLength(hidden.length + 1);
      await page.getByRole('img', { name: /risk ratios of each group shown, against 1/ }).waitFor();
      await page.getByText(say('en', 'reports.fairness.note')).waitFor();
      // The line names the groups of concern, or says there is none (the demo's giving is even).
      const concern = equity.groups.some(
        (g) =>
          (g.flagRiskRatio !== null && g.flagRiskRatio > 1.5) ||
          (g.bonusRiskRatio !== null && g.bonusRiskRatio < 0.67),
      );
      if (!concern) await page.getByText(say('en', 'reports.fairness.noConcern')).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /^Download CSV: Race: fairness by group/ }).click(),
      ]);
      const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
      expect(lines[0]).toBe(
        'Group,Students,Recognised (share),Bonuses per student,Flags per student,Bonus risk ratio,Flag risk ratio',
      );
      expect(lines).toHaveLength(equity.groups.length + 1);

      const grades = (await fairnessOf('grade')).equity;
      await page.getByRole('textbox', { name: 'Group by' }).click();
      await page.getByRole('option', { name: 'Grade' }).click();
      const byGrade = page.getByRole('table', { name: /^Grade: fairness by group/ });
      await byGrade.waitFor({ timeout: 20_000 });
      await expect.poll(() => byGrade.locator('tbody tr').count()).toBe(grades.groups.length);
      await byGrade.getByRole('cell', { name: '6th Grade' }).waitFor();
    },
  );

  test(
    'an admin reads the economy: the reading, the weekly charts and table',
    SLOW,
    async ({ page }) => {
      const admin = await apiLogin(base(), 'admin');
      const meta = await apiGet<{ defaultRange: { from: string; to: string } }>(
        base(),
        admin.token,
        'reports/meta',
      );
      const economy = await apiGet<EconomyAnswer>(
        base(),
        admin.token,
        `reports/economy?startDate=${meta.defaultRange.from}&endDate=${meta.defaultRange.to}`,
      );
      expect(economy.scope).toBe('school');
      await signIn(page, 'admin');
      await openReport(page, 'economy', 'en');
      const table = page.getByRole('table', { name: /^The economy by week/ });
      await table.waitFor({ timeout: 20_000 });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(economy.weeks.length);
      expect(economy.reading, 'the demo has a reading').not.toBeNull();
      await page.getByText(readingText('en', economy.reading!), { exact: true }).waitFor();
      await page
        .getByRole('img', { name: /^Merits issued, spent and refunded each week/ })
        .waitFor();
      await page.getByRole('img', { name: /^Every student's balance together/ }).waitFor();
      await page.getByRole('heading', { name: 'How evenly staff give' }).waitFor();
    },
  );

  test(
    "a store manager opens Reports from the navigation: Economy alone, the store's half",
    SLOW,
    async ({ page }) => {
      const store = await apiLogin(base(), 'store');
      const meta = await apiGet<{ tabs: string[]; defaultRange: { from: string; to: string } }>(
        base(),
        store.token,
        'reports/meta',
      );
      expect(meta.tabs, 'no report of the meta’s for a store manager').toEqual([]);
      const economy = await apiGet<EconomyAnswer>(
        base(),
        store.token,
        `reports/economy?startDate=${meta.defaultRange.from}&endDate=${meta.defaultRange.to}`,
      );
      expect(economy).toMatchObject({ scope: 'store', givers: null, medianBalance: null });
      expect(
        economy.weeks.some((w) => w.spent > 0),
        'the demo store sold this year',
      ).toBe(true);

      await signIn(page, 'store');
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Reports' })
        .click();
      await page.getByRole('tab', { name: 'Economy', selected: true }).waitFor();
      expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Economy']);
      await page.getByText(say('en', 'reports.economy.storeHalf'), { exact: true }).waitFor();
      if (economy.reading)
        await page.getByText(readingText('en', economy.reading), { exact: true }).waitFor();
      const table = page.getByRole('table', { name: /^The economy by week/ });
      await table.waitFor({ timeout: 20_000 });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(economy.weeks.length);
      await table.getByRole('columnheader', { name: /Merits spent/ }).waitFor();
      await table.getByRole('columnheader', { name: /Refunded/ }).waitFor();
      expect(await table.getByRole('columnheader', { name: /issued|Outstanding/ }).count()).toBe(0);
      await page.getByRole('img', { name: /^Merits spent and refunded each week/ }).waitFor();
      await page.getByRole('heading', { name: "The store's prices" }).waitFor();
      // No part of issuing: neither the givers nor the outstanding balances, empty or not.
      expect(await page.getByRole('img', { name: /issued|balance together/ }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'How evenly staff give' }).count()).toBe(0);
    },
  );

  test('in Spanish: Fairness and Economy', SLOW, async () => {
    const { admin, equity } = await fairnessOf('race');
    const economy = await apiGet<EconomyAnswer>(base(), admin.token, 'reports/economy');
    const context = await signedInContext(
      suite.browser,
      base(),
      admin.token,
      admin.user,
      'es-MX',
    )({ width: 1280, height: 800 });
    try {
      const page = await context.newPage();
      await openReport(page, 'fairness', 'es');
      const table = page.getByRole('table', { name: /^Raza: equidad por grupo/ });
      await table.waitFor({ timeout: 20_000 });
      const hidden = equity.groups.filter((g) => g.suppressed).length;
      expect(
        (await table.innerText()).split('No se muestra (menos de 10 estudiantes)'),
      ).toHaveLength(hidden + 1);
      await page.getByText(say('es', 'reports.fairness.note')).waitFor();
      await page.getByRole('textbox', { name: 'Agrupar por' }).waitFor();

      await openReport(page, 'economy', 'es');
      await page.getByRole('table', { name: /^La economía por semana/ }).waitFor();
      await page.getByText(readingText('es', economy.reading!), { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/** The economy's plain reading as the screen writes it: its month by name. */
function readingText(lang: Language, r: NonNullable<EconomyAnswer['reading']>): string {
  const { month, ...values } = r.values;
  return say(lang, r.key as MessageKey, {
    ...values,
    ...(typeof month === 'string' ? { month: monthText(lang, month) } : {}),
  });
}
