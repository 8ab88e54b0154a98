/**
 * The product in Spanish (issue 21; docs/decisions/109-i18n.md): a teacher and a student who chose
 * Español on /profile use it from an English browser. The teacher gives a bonus in class, the
 * student buys from the store, each reads the screens in Spanish, and the server answers the
 * specification's messages in Spanish. Names on screen are read from the Spanish catalogue.
 */
import type { ActivityOptions, MessageKey } from '@app/domain';
import { t } from '@app/domain/i18n';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin, givingDay } from './helpers/api.js';
import { apiGet, fullName, type ClassStudent } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();
const base = () => suite.server.baseURL;

/** A Spanish message as the screens write it for the demo school (currency "Méritos" in Spanish). */
const es = (key: MessageKey, values: Record<string, string | number> = {}) =>
  t('es', key, { currency: 'Méritos', currencyOne: 'Mérito', ...values });

async function call(token: string, method: string, path: string, body?: unknown, version = 'v1') {
  const res = await fetch(`${base()}/api/${version}/${path}`, {
    method,
    // An English browser: the user's own choice must win over it.
    headers: {
      authtoken: token,
      'accept-language': 'en-US,en;q=0.9',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Signs `username` in (the token where the app keeps it) in an English browser, having chosen Spanish. */
async function inSpanish(page: Page, username: string) {
  const session = await apiLogin(base(), username);
  const chosen = await call(session.token, 'PUT', 'profile/language', { language: 'es' });
  expect(chosen).toEqual({ status: 200, body: { language: 'es' } });
  await page.addInitScript(
    ([token, id]) => {
      localStorage.setItem('authtoken', token!);
      localStorage.setItem('userId', id!);
    },
    [session.token, session.user._id],
  );
  return session;
}

const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe('in Spanish', () => {
  test('a teacher gives a bonus in class; the server refuses a weekend in Spanish', async ({
    page,
  }) => {
    const teacher = await inSpanish(page, 'teacher1');
    const classes = await apiGet<{ _id: string; name: string }[]>(base(), teacher.token, 'periods');
    const math6 = classes.find((c) => c.name === 'Math 6')!;
    const roster = (
      await apiGet<{ students: ClassStudent[] }>(
        base(),
        teacher.token,
        `activity/class-stats/${math6._id}`,
      )
    ).students;
    const student = roster.find(
      (s) => roster.filter((o) => fullName(o) === fullName(s)).length === 1,
    )!;
    const options = await apiGet<ActivityOptions>(base(), teacher.token, 'activity/options');
    const bonus = options.categories.Bonuses.find((o) => o.name === 'Helping others')!;

    await page.goto(`/class/${math6._id}`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    await page
      .getByRole('checkbox', { name: es('classroom.selectStudent', { name: fullName(student) }) })
      .check();
    await page.getByRole('button', { name: startsWith(bonus.name) }).click();
    await page.getByRole('textbox', { name: es('giving.comment') }).fill('¡Muy bien!');
    await page
      .getByRole('button', {
        name: es('giving.giveTo', { who: es('giving.whoStudents', { count: 1 }) }),
        exact: true,
      })
      .click();
    await page.getByText(es('giving.gave', { count: bonus.points, students: 1 })).waitFor();

    // The specification's messages, answered in the teacher's language.
    const schoolDay = await givingDay(base(), teacher.token);
    let saturday = schoolDay;
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6)
      saturday = new Date(Date.parse(`${saturday}T12:00:00Z`) - 86_400_000)
        .toISOString()
        .slice(0, 10);
    const weekend = await call(teacher.token, 'POST', 'activity/bulk', {
      externalStudentIds: [student.externalStudentId],
      activityTypes: [bonus._id],
      date: saturday,
    });
    expect(weekend).toEqual({ status: 400, body: { message: 'No se permite en fines de semana' } });
  });

  test('a student buys from the store and is refused in Spanish when short', async ({ page }) => {
    const student = await inSpanish(page, 'student7');
    const products = await apiGet<{ _id: string; name: string; price: number }[]>(
      base(),
      student.token,
      'products/school-store',
    );
    const { balance } = await apiGet<{ balance: number }>(
      base(),
      student.token,
      'utility/student/balance/stats',
    );
    const affordable = products
      .filter((p) => p.price > 0 && p.price <= balance)
      .sort((a, b) => a.price - b.price)[0];
    expect(affordable, 'the demo student can afford a product').toBeTruthy();

    await page.goto('/store');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByText(es('store.yourBalance')).first().waitFor();
    await page
      .getByRole('button', { name: es('store.addToCartAria', { name: affordable!.name }) })
      .click();
    await page.getByRole('button', { name: es('store.cartAria', { count: 1 }) }).click();
    const cart = page.getByRole('dialog', { name: es('store.cartTitle') });
    await cart.getByRole('button', { name: es('store.checkOut') }).click();
    await cart.getByRole('button', { name: es('store.yesBuyThem', { count: 1 }) }).click();
    await cart.getByText(es('store.thanks')).waitFor();

    // Too dear: the specification's "Keep working!" message, in Spanish with the currency's name.
    const { balance: left } = await apiGet<{ balance: number }>(
      base(),
      student.token,
      'utility/student/balance/stats',
    );
    const dear = products.find((p) => p.price > left);
    expect(dear, 'the demo store has a product the student cannot afford').toBeTruthy();
    const refused = await call(
      student.token,
      'POST',
      'order',
      { orderItems: [{ productId: dear!._id, quantity: 1 }] },
      'v2',
    );
    expect(refused).toEqual({
      status: 400,
      body: { message: `¡Sigue esforzándote! Necesitas ganar ${dear!.price - left} Méritos más.` },
    });
  });

  test(
    'a student pins a goal, receives points, and sees the bell and the progress, in Spanish',
    { timeout: 120_000 },
    async ({ page }) => {
      const student = await inSpanish(page, 'student2');
      const admin = await apiLogin(base(), 'admin');
      const teacher = await apiLogin(base(), 'teacher1');
      const balanceOf = async () =>
        (await apiGet<{ balance: number }>(base(), student.token, 'utility/student/balance/stats'))
          .balance;
      const balance0 = await balanceOf();
      const price = Math.max(0, balance0) + 60;
      const name = 'Cometa E2E';
      const made = await call(admin.token, 'POST', 'products/school', {
        name,
        description: 'Para ahorrar',
        category: 'Items',
        price,
        stock: 5,
      });
      expect(made.status).toBe(200);

      await page.goto('/store');
      const pin = page.getByRole('button', { name: es('store.goalAria', { name }), exact: true });
      await pin.click();
      await expect.poll(() => pin.getAttribute('aria-pressed')).toBe('true');

      await page.goto('/');
      const bar = page.getByRole('progressbar', {
        name: es('welcome.goalSaved', { product: name, percent: '' }).replace(/\s*%$/, ''),
        exact: false,
      });
      await page
        .getByText(es('welcome.goalMore', { count: price - Math.max(0, balance0) }), {
          exact: true,
        })
        .waitFor();
      const bell = page.getByRole('button', { name: es('notifications.bellLabel', { count: 0 }) });
      await bell.waitFor();

      const options = await apiGet<ActivityOptions>(base(), teacher.token, 'activity/options');
      const bonus = options.categories.Bonuses.find((o) => o.name === 'Helping others')!;
      const given = await call(teacher.token, 'POST', 'activity/bulk', {
        externalStudentIds: [student.user.externalId],
        activityTypes: [bonus._id],
        date: await givingDay(base(), teacher.token),
        comment: 'e2e meta',
      });
      expect(given.status).toBe(200);
      const balance1 = balance0 + bonus.points;
      expect(await balanceOf()).toBe(balance1);

      // The bell polls every 20 seconds; the page is not reloaded.
      const counted = page.getByRole('button', {
        name: es('notifications.bellLabel', { count: 1 }),
      });
      await counted.waitFor({ timeout: 45_000 });
      await page
        .getByText(es('welcome.goalMore', { count: price - Math.max(0, balance1) }), {
          exact: true,
        })
        .waitFor({ timeout: 15_000 });
      await expect
        .poll(() => bar.getAttribute('aria-valuenow'))
        .toBe(String(Math.floor((Math.max(0, balance1) * 100) / price)));
      await counted.click();
      await page
        .getByText(
          es('notifications.points', {
            count: bonus.points,
            hasDetail: 'yes',
            detail: 'Helping others',
          }),
          { exact: true },
        )
        .waitFor();
    },
  );

  test('a guardian sees their two children and not a third, in Spanish', async ({ page }) => {
    const guardian = await inSpanish(page, 'guardian1');
    const one = await apiLogin(base(), 'student1');
    const two = await apiLogin(base(), 'student2');
    const other = await apiLogin(base(), 'student3');
    await page.goto('/family');
    await page.getByRole('heading', { name: es('guardian.family.title'), level: 1 }).waitFor();
    const tabs = page.getByRole('tablist', { name: es('guardian.family.children') });
    await tabs.getByRole('tab', { name: fullName(one.user) }).waitFor();
    await tabs.getByRole('tab', { name: fullName(two.user) }).waitFor();
    expect(await tabs.getByRole('tab').count()).toBe(2);
    const mine = await call(
      guardian.token,
      'GET',
      `utility/student/balance/stats?studentId=${one.user._id}`,
    );
    expect(mine.status).toBe(200);
    const theirs = await call(
      guardian.token,
      'GET',
      `utility/student/balance/stats?studentId=${other.user._id}`,
    );
    expect(theirs).toEqual({
      status: 403,
      body: { message: 'Este estudiante no es uno de sus hijos.' },
    });
  });

  test('a student signs in with their card from a Spanish browser; a reprinted card is refused in Spanish', async () => {
    const teacher = await apiLogin(base(), 'teacher1');
    const classes = await apiGet<{ _id: string }[]>(base(), teacher.token, 'periods');
    const print = async () => {
      const res = await fetch(`${base()}/api/v1/sign-in-cards`, {
        method: 'POST',
        headers: { authtoken: teacher.token, 'content-type': 'application/json' },
        body: JSON.stringify({ periodId: classes[0]!._id }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { cards: { code: string }[] }).cards[0]!.code;
    };
    // Printed twice: the first card's code no longer works.
    const stale = await print();
    const fresh = await print();
    const context = await suite.browser.newContext({ baseURL: base(), locale: 'es-MX' });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('link', { name: es('welcome.card.open') }).click();
      const code = page.getByRole('textbox', { name: es('welcome.card.code') });
      const signIn = page.getByRole('button', { name: es('layout.signIn'), exact: true });
      await code.fill(stale);
      await signIn.click();
      await page.getByRole('alert').getByText('Usuario o contraseña no válidos').waitFor();
      await code.fill(fresh);
      await signIn.click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    } finally {
      await context.close();
    }
  });
});
