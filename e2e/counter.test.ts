/**
 * The store counter and cashier codes (issue 35, docs/decisions/139-badges-and-counter.md) in
 * Chromium: a store manager makes a cashier code on the store page; a volunteer signs in with it at
 * /login ("I'm helping at the store") and lands on /store/counter, finds a student by the badge's
 * code, hands over their packaged order and sells them a product (the balance falls on screen and
 * through the API), refunds it, and gets 403 from any other call; the counter passes axe in English
 * and Spanish; once the server's clock has passed the code's end (a second server on the same
 * database, started with a later CLOCK), the code signs in no more and its session is refused.
 */
import type { SessionUser } from '@app/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { apiLogin, meStatus } from './helpers/api.js';
import {
  auditSettled,
  findings,
  settle,
  signedInContext,
  SIZES,
  trackNetwork,
} from './helpers/axe.js';
import { launchBrowser, linkNames, signIn, testWithPage } from './helpers/browser.js';
import { E2E_NOW } from './helpers/clock.js';
import { fullName } from './helpers/ledger.js';
import { freshDatabase, startServer, type TestServer } from './helpers/server.js';

/** One database for both servers: the first at E2E_NOW, the second past the code's end. */
let database: Awaited<ReturnType<typeof freshDatabase>>;
const suite = {} as { server: TestServer; browser: Awaited<ReturnType<typeof launchBrowser>> };
const test = testWithPage(() => ({ browser: suite.browser, baseURL: suite.server.baseURL }));

let store: { token: string; user: SessionUser };
let student: { token: string; user: SessionUser };
let badge: string;
let packagedOrderId: string;
/** The cheapest product on sale with stock, as the counter lists it. */
let product: { _id: string; name: string; price: number };
/** The code the store manager made on screen, and when it ends. */
let cashier: { code: string; expiresAt: string };
/** The volunteer's browser, signed in with the code (kept for the expiry test). */
let cashierContext: BrowserContext | null = null;

const base = () => suite.server.baseURL;
async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: { authtoken: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null, text };
}
const balanceOf = async (token: string) =>
  ((await call(token, 'GET', '/api/v1/utility/student/balance/stats')).json as { balance: number })
    .balance;

beforeAll(async () => {
  database = await freshDatabase({ demo: true });
  [suite.server, suite.browser] = await Promise.all([startServer(database.env), launchBrowser()]);
  const admin = await apiLogin(base(), 'admin');
  store = await apiLogin(base(), 'store');
  student = await apiLogin(base(), 'student1');
  // The student's badge, printed by an admin.
  const printed = await call(admin.token, 'POST', '/api/v1/badges', {
    studentIds: [student.user._id],
  });
  expect(printed.status, printed.text).toBe(200);
  badge = (printed.json as { badges: { code: string }[] }).badges[0]!.code;
  // The cheapest product in stock, then an order of it by the student, packaged by the store.
  const listed = await call(store.token, 'GET', '/api/v1/counter/products');
  expect(listed.status, listed.text).toBe(200);
  const products = listed.json as {
    _id: string;
    name: string;
    price: number;
    stock: number | null;
  }[];
  product = products
    .filter((p) => p.stock === null || p.stock > 3)
    .reduce((a, b) => (b.price < a.price ? b : a));
  const placed = await call(student.token, 'POST', '/api/v2/order', {
    orderItems: [{ productId: product._id, quantity: 1 }],
  });
  expect(placed.status, placed.text).toBe(200);
  packagedOrderId = (placed.json as { orders: { _id: string }[] }).orders[0]!._id;
  const packed = await call(store.token, 'PUT', `/api/v2/order/${packagedOrderId}`, {
    action: 'PACKAGE',
  });
  expect(packed.status, packed.text).toBe(200);
}, 180_000);

afterAll(async () => {
  await cashierContext?.close();
  await suite.browser?.close();
  await suite.server?.stop();
  await database?.drop();
});

/** The counter finds the student by the badge's code, typed. */
async function findByBadge(page: Page, words = { field: 'Badge code', find: 'Find' }) {
  await page.getByRole('textbox', { name: words.field }).fill(badge.toLowerCase());
  await page.getByRole('button', { name: words.find, exact: true }).click();
  await page.getByRole('heading', { name: fullName(student.user) }).waitFor();
}

/** The balance the counter shows: "Balance: 120 Merits" → 120. */
async function shownBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('counter-balance').textContent()) ?? '';
  return Number(text.replace(/[^\d-]/g, ''));
}

describe('the store counter and cashier codes (issue 35)', () => {
  test('a store manager makes a cashier code on the store page, shown once with its end', async ({
    page,
  }) => {
    await signIn(page, 'store');
    await page.goto('/store');
    const section = page.getByRole('region', { name: 'Cashier codes' });
    await section.getByRole('textbox', { name: 'Volunteer’s name' }).fill('Sam at the counter');
    await section.getByRole('button', { name: 'Make a code' }).click();
    const code = (await section.getByTestId('cashier-code').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await section.getByRole('button', { name: 'Revoke the code for Sam at the counter' }).waitFor();
    const listed = await call(store.token, 'GET', '/api/v1/cashier-codes');
    const codes = listed.json as { label: string; expiresAt: string }[];
    const mine = codes.find((c) => c.label === 'Sam at the counter');
    expect(mine, listed.text).toBeTruthy();
    // Five hours by default, from the server's clock.
    expect(Date.parse(mine!.expiresAt) - Date.parse(E2E_NOW)).toBeGreaterThanOrEqual(
      5 * 3_600_000 - 120_000,
    );
    expect(Date.parse(mine!.expiresAt) - Date.parse(E2E_NOW)).toBeLessThanOrEqual(
      5 * 3_600_000 + 600_000,
    );
    cashier = { code, expiresAt: mine!.expiresAt };
  });

  test('the code signs in at /login and the counter hands over, sells and refunds; every other call 403', async () => {
    expect(cashier, 'the store manager made a code').toBeTruthy();
    cashierContext = await suite.browser.newContext({
      baseURL: base(),
      viewport: { width: 390, height: 844 },
    });
    cashierContext.setDefaultTimeout(10_000);
    const page = await cashierContext.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (err) => errors.push(err));
    // Whatever the app's frame asks for on its own, a cashier may have: no 403 anywhere.
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(`${r.request().method()} ${r.url()}`);
    });

    await page.goto('/login');
    await page.getByRole('link', { name: "I'm helping at the store" }).click();
    await page.getByRole('textbox', { name: 'Cashier code' }).fill(cashier.code.toLowerCase());
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/store/counter');
    await page.getByRole('heading', { level: 1, name: 'Store Counter' }).waitFor();
    // The counter is the cashier's whole app: its link and Logout, nothing else (the phone's
    // navigation opens from its button).
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await linkNames(nav)).toEqual(['Store Counter']);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const token = (await page.evaluate(() => localStorage.getItem('authtoken'))) ?? '';
    const me = await call(token, 'POST', '/api/v1/auth/me');
    expect((me.json as { roles: string[] }).roles).toEqual(['CASHIER']);

    // The student by badge: their balance, their packaged order.
    await findByBadge(page);
    const before = await balanceOf(student.token);
    expect(await shownBalance(page)).toBe(before);
    const handOver = page.getByRole('button', { name: /^Hand over the order of / });
    await expect.poll(() => handOver.count()).toBe(1);
    await handOver.click();
    await page.getByText(`Order handed over to ${fullName(student.user)}.`).waitFor();
    await page.getByText('No orders waiting.').waitFor();
    const orders = await call(student.token, 'GET', '/api/v2/order/student');
    const handed = (orders.json as { _id: string; status: string }[]).find(
      (o) => o._id === packagedOrderId,
    );
    expect(handed?.status, orders.text).toBe('REDEEMED');

    // A sale on the spot: the balance falls on screen and through the API.
    await page.getByRole('button', { name: `Add ${product.name} to the sale` }).click();
    await page.getByRole('button', { name: `Sell to ${fullName(student.user)}` }).click();
    await page.getByRole('heading', { name: 'Receipt' }).waitFor();
    await expect.poll(() => shownBalance(page)).toBe(before - product.price);
    expect(await balanceOf(student.token)).toBe(before - product.price);

    // Refund the last sale: the Merits come back.
    await page
      .getByRole('button', { name: `Refund this sale to ${fullName(student.user)}` })
      .click();
    await page.getByRole('button', { name: 'Yes, refund' }).click();
    await page.getByText(/^Refunded: /).waitFor();
    await expect.poll(() => shownBalance(page)).toBe(before);
    expect(await balanceOf(student.token)).toBe(before);

    // The counter's calls only: anything else is refused, from the page as from anywhere.
    expect(refused).toEqual([]);
    const status = (path: string) =>
      page.evaluate(
        (p) =>
          fetch(p, { headers: { authtoken: localStorage.getItem('authtoken') ?? '' } }).then(
            (r) => r.status,
          ),
        path,
      );
    for (const path of [
      '/api/v1/periods',
      '/api/v1/cashier-codes',
      '/api/v2/order/teacher/',
      '/api/v1/school/students',
    ])
      expect(await status(path), path).toBe(403);
    expect(errors).toEqual([]);
  });

  test('with no network, sales wait on the device; sent when it returns, once each, a refused one listed with the student’s name', async () => {
    expect(cashierContext, 'the cashier signed in').toBeTruthy();
    const page = cashierContext!.pages()[0]!;
    const name = fullName(student.user);
    // A product with one left, which another student will buy while the counter is offline.
    const made = await call(store.token, 'POST', '/api/v1/products/school', {
      name: 'Counter pin',
      category: 'Items',
      price: 1,
      stock: 1,
      active: true,
    });
    expect(made.status, made.text).toBe(200);
    // The counter sees the products and the student while online (and keeps them on the device).
    await page.reload();
    await findByBadge(page);
    await page.getByRole('button', { name: 'Add Counter pin to the sale' }).waitFor();
    const before = await balanceOf(student.token);

    await cashierContext!.setOffline(true);
    for (const [i, item] of [product.name, 'Counter pin'].entries()) {
      await page.getByRole('button', { name: `Add ${item} to the sale` }).click();
      await page.getByRole('button', { name: `Sell to ${name}` }).click();
      await page.getByText(`Waiting to send (${i + 1})`).waitFor();
    }
    await page.getByText(`No network: the sale to ${name} is kept on this device`).waitFor();
    // Meanwhile the last pin is sold elsewhere.
    const other = await apiLogin(base(), 'student2');
    const pin = (made.json as { _id: string })._id;
    const bought = await call(other.token, 'POST', '/api/v2/order', {
      orderItems: [{ productId: pin, quantity: 1 }],
    });
    expect(bought.status, bought.text).toBe(200);
    expect(await balanceOf(student.token)).toBe(before);

    await cashierContext!.setOffline(false);
    const refused = page.getByRole('alert').filter({ hasText: 'Sales the server refused (1)' });
    await refused.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText(/^Waiting to send/).count()).toBe(0);
    await expect.poll(() => refused.getByText(new RegExp(`^${name}: 1 Merit`)).count()).toBe(1);
    // The first sale went through once; the pin's was refused with the server's message.
    expect(await balanceOf(student.token)).toBe(before - product.price);
    expect((await refused.textContent()) ?? '').toMatch(/Counter pin/);
    await refused.getByRole('button', { name: `Drop the refused sale to ${name}` }).click();
    await expect.poll(() => page.getByText('Sales the server refused (1)').count()).toBe(0);
    expect(await balanceOf(student.token)).toBe(before - product.price);
  });

  test('the counter passes axe with a student, a sale and its receipt, in English and Spanish', async () => {
    const runs = [
      ...SIZES.map((size) => ({ size, locale: undefined, lang: 'en' })),
      { size: SIZES[0], locale: 'es-MX', lang: 'es' },
    ];
    for (const { size, locale, lang } of runs) {
      const context = await signedInContext(
        suite.browser,
        base(),
        store.token,
        store.user,
        locale,
      )(size.viewport);
      context.setDefaultTimeout(10_000);
      try {
        const page = await context.newPage();
        const network = trackNetwork(page);
        await page.goto('/store/counter');
        await settle(page, network);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        const es = lang === 'es';
        await findByBadge(
          page,
          es ? { field: 'Código de la insignia', find: 'Buscar' } : undefined,
        );
        await page
          .getByRole('button', {
            name: es ? `Añadir ${product.name} a la venta` : `Add ${product.name} to the sale`,
          })
          .click();
        await page
          .getByRole('button', {
            name: es ? `Vender a ${fullName(student.user)}` : `Sell to ${fullName(student.user)}`,
          })
          .click();
        await page.getByRole('heading', { name: es ? 'Recibo' : 'Receipt' }).waitFor();
        await settle(page, network);
        await auditSettled(page, network, `store (${lang})`, size.name, '/store/counter');
      } finally {
        await context.close();
      }
    }
    expect(findings).toEqual([]);
  });

  test('past the code’s end (the server’s clock moved) the code signs in no more and its session is refused', async () => {
    expect(cashierContext, 'the cashier signed in').toBeTruthy();
    const page = cashierContext!.pages()[0]!;
    const token = (await page.evaluate(() => localStorage.getItem('authtoken'))) ?? '';
    expect(await meStatus(base(), token)).toBe(200);
    // The same database and port, the server's clock a minute past the code's end.
    const port = new URL(base()).port;
    await suite.server.stop();
    const later = new Date(Date.parse(cashier.expiresAt) + 60_000).toISOString();
    suite.server = await startServer({ ...database.env, PORT: port, CLOCK: later });

    expect(await meStatus(base(), token)).toBe(401);
    const counter = await call(token, 'GET', '/api/v1/counter/products');
    expect(counter.status).toBe(401);
    // The page finds itself signed out and goes to /login.
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    // Typed again, the code is refused as a wrong password is. (The app's own move to /login, a
    // full load after the 401, may still be under way: a visit it interrupts is made again.)
    await expect
      .poll(() =>
        page.goto('/login?cashier').then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    await page.getByRole('textbox', { name: 'Cashier code' }).fill(cashier.code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('form', { name: "I'm helping at the store" }).getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const refusedLogin = await fetch(`${base()}/api/v1/auth/login/cashier`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: cashier.code }),
    });
    expect(refusedLogin.status).toBe(401);
  });
});
