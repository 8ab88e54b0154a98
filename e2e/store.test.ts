import {
  addDays,
  lastSchoolDay,
  type ActivityOptions,
  type Order,
  type Product,
  type StoreMeta,
} from '@app/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { apiGet, fullName, type ClassStudent } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

/**
 * The store end to end: a student fills a cart and buys, the store manager packages and redeems,
 * a cancel gives the points back, fonts and icons are bought and shown, and a teacher sells from
 * their own store. Balances are read through the API beside what the screens say.
 */

const { suite, test } = useE2E();
const base = () => suite.server.baseURL;
const get = <T>(token: string, path: string) => apiGet<T>(base(), token, path);

/** Any call, v1 or v2, expecting 200. */
async function call<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  version = 'v1',
): Promise<T> {
  const res = await fetch(`${base()}/api/${version}/${path}`, {
    method,
    headers: {
      authtoken: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const balanceOf = async (token: string) =>
  (await get<{ balance: number }>(token, 'utility/student/balance/stats')).balance;
const myOrders = (token: string) =>
  call<Order[]>(token, 'GET', 'order/student?status=ALL', undefined, 'v2');
const usernameOf = (externalStudentId: string) =>
  `student${Number(externalStudentId.slice(1)) - 1000}`;

/**
 * Gives the student Honor roll bonuses (as the admin, on the last school day, so any day of the
 * week works) until their balance is at least `atLeast`; the demo's balances are a few dozen points.
 */
async function topUp(
  studentToken: string,
  externalStudentId: string,
  atLeast: number,
): Promise<number> {
  const admin = await apiLogin(base(), 'admin');
  const options = await get<ActivityOptions>(admin.token, 'activity/options');
  const honor = options.categories['Academic Pay Day'].find((o) => o.name === 'Honor roll')!;
  const cal = await get<{
    start: string;
    end: string;
    givingStartDate: string;
    today: string;
    holidays: { date: string }[];
  }>(admin.token, 'calendar');
  const date = lastSchoolDay(
    {
      yearStart: cal.start,
      yearEnd: cal.end,
      givingStart: cal.givingStartDate,
      holidays: cal.holidays.map((h) => h.date),
    },
    cal.today,
  )!;
  let balance = await balanceOf(studentToken);
  while (balance < atLeast) {
    await call(admin.token, 'POST', 'activity/bulk', {
      externalStudentIds: [externalStudentId],
      activityTypes: [honor._id],
      date,
      comment: 'e2e store top-up',
    });
    balance = await balanceOf(studentToken);
  }
  return balance;
}

/** One delivery date for every grade a week from today, its cut-off in five days, so orders can be canceled. */
async function oneDeliveryDate(): Promise<{ date: string; cutOffDate: string }> {
  const admin = await apiLogin(base(), 'admin');
  const { today } = await get<{ today: string }>(admin.token, 'calendar');
  const entry = { date: addDays(today, 7), cutOffDate: addDays(today, 5), gradeLevels: [] };
  await call(admin.token, 'PUT', 'settings/delivery-date', {
    storeModel: 'Pickup',
    deliveryDates: [entry],
  });
  return entry;
}

/** A second browser window, signed in as someone else (the store manager beside the student). */
async function otherWindow(username: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await suite.browser.newContext({
    baseURL: base(),
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await signIn(page, username);
  return { page, context };
}

/** "December 1, 2026" as the screens write a date. */
const longDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** An 8×6 orange PNG (made with sharp): a real picture the server accepts and re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWN4VqGBFTEMpAQAkdFJIeVRN1kAAAAASUVORK5CYII=',
  'base64',
);

/** My Orders' card of the order holding `item`. */
const orderCard = (page: Page, item: string) =>
  page
    .getByRole('list', { name: 'Your orders, newest first' })
    .getByRole('listitem')
    .filter({ hasText: item })
    .first();

describe('the store', () => {
  test('a student fills a cart and buys once; the queue shows it by itself; the store manager packages and redeems it; the student sees each status', async ({
    page,
  }) => {
    const delivery = await oneDeliveryDate();
    const student = await apiLogin(base(), 'student1');
    const externalId = student.user.externalId;
    const start = await topUp(student.token, externalId, 100);
    const name = fullName(student.user);

    // The store manager watches the queue before the student orders.
    const manager = await otherWindow('store');
    try {
      await manager.page.goto('/orders');
      // The default view: pending orders and those ready for pickup.
      const queue = manager.page.getByRole('table', {
        name: /^Pending and ready for pickup orders/,
      });
      await manager.page.getByRole('heading', { name: 'Queue' }).waitFor();

      await signIn(page, 'student1');
      await page.goto('/store');
      await page.getByText('Your balance').waitFor();
      await page.getByRole('button', { name: 'Add to cart: Sticker pack' }).click();
      await page.getByRole('button', { name: 'One more Sticker pack' }).click();
      await page.getByRole('button', { name: 'Add to cart: Pencil set' }).click();
      await page.getByRole('button', { name: 'Cart · 3 items' }).click();
      // The cart lives on the server: a reload keeps it.
      await expect
        .poll(
          async () =>
            (await call<{ cartItems: unknown[] }>(student.token, 'GET', 'cart')).cartItems.length,
        )
        .toBe(2);
      const cart = page.getByRole('dialog', { name: 'Your cart' });
      await cart.getByText('Left after buying').waitFor();
      await cart.getByRole('button', { name: 'Check out' }).click();
      await cart.getByText('Buy 3 items for 35 Merits?').waitFor();
      await cart.getByText(`You will have ${start - 35} Merits left.`).waitFor();
      // A double click on the purchase charges once.
      await cart.getByRole('button', { name: 'Yes, buy them' }).dblclick();
      await cart.getByText('Thank you! Your order is placed.').waitFor();
      await cart.getByText(`Your balance now: ${start - 35} Merits`).waitFor();
      expect(await balanceOf(student.token)).toBe(start - 35);
      const placed = await myOrders(student.token);
      expect(placed).toHaveLength(1);
      expect(placed[0]!.orderItems.map((i) => [i.name, i.quantity]).sort()).toEqual([
        ['Pencil set', 1],
        ['Sticker pack', 2],
      ]);
      expect(placed[0]!.estimatedDelivery).toBe(delivery.date);
      expect(
        (await call<{ cartItems: unknown[] }>(student.token, 'GET', 'cart')).cartItems,
      ).toEqual([]);

      await cart.getByRole('link', { name: 'See My Orders' }).click();
      await page.waitForURL('**/orders');
      const card = orderCard(page, 'Sticker pack');
      await card.getByText('Pending', { exact: true }).waitFor();
      await card.getByText(`Delivery ${longDay(delivery.date)}`).waitFor();

      // The queue picked the order up without a reload.
      const row = queue
        .getByRole('row')
        .filter({ hasText: `${student.user.lastName}, ${student.user.firstName}` });
      await row.waitFor({ timeout: 15_000 });
      await row.getByRole('button', { name: `Package ${name}'s order of 3 items` }).click();
      await manager.page.getByText('Order packaged.').waitFor();
      // A packaged order stays in the default view, now ready for pickup, its badge not cut to "Packag…".
      const packaged = row.getByText('Packaged', { exact: true });
      await packaged.waitFor();
      expect(await packaged.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.reload();
      await orderCard(page, 'Sticker pack').getByText('Packaged', { exact: true }).waitFor();

      // At the counter: find the student by ID, redeem.
      await manager.page.getByRole('textbox', { name: 'Find a student' }).fill(externalId);
      await manager.page
        .getByRole('list', { name: 'Matching students' })
        .getByRole('button')
        .first()
        .click();
      await manager.page.getByRole('heading', { name, level: 3 }).waitFor();
      // The order shows in the queue too now; redeem it from the student's own table.
      const atCounter = manager.page.getByRole('table', { name: `${name}'s open orders` });
      await atCounter.getByRole('button', { name: `Redeem ${name}'s order of 3 items` }).click();
      // Redeem asks first: No leaves the order packaged; Yes hands it over.
      const confirm = manager.page.getByRole('dialog', { name: 'Please confirm' });
      await confirm.getByText(/This cannot be undone/).waitFor();
      await confirm.getByRole('button', { name: 'No' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect((await myOrders(student.token)).map((o) => o.status)).toEqual(['PACKAGED']);
      await atCounter.getByRole('button', { name: `Redeem ${name}'s order of 3 items` }).click();
      await confirm.getByRole('button', { name: 'Yes, redeem it' }).click();
      await manager.page.getByText('Order redeemed.').waitFor();
      await page.reload();
      await orderCard(page, 'Sticker pack').getByText('Redeemed', { exact: true }).waitFor();
      expect((await myOrders(student.token)).map((o) => o.status)).toEqual(['REDEEMED']);
      expect(await balanceOf(student.token)).toBe(start - 35);
    } finally {
      await manager.context.close();
    }
  });

  test('a canceled order gives the points back', async ({ page }) => {
    await oneDeliveryDate();
    const student = await apiLogin(base(), 'student2');
    const start = await topUp(student.token, student.user.externalId, 40);

    await signIn(page, 'student2');
    await page.goto('/store');
    await page.getByRole('button', { name: 'Add to cart: Notebook' }).click();
    await page.getByRole('button', { name: 'Cart · 1 item' }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.getByRole('button', { name: 'Check out' }).click();
    await cart.getByRole('button', { name: 'Yes, buy it' }).click();
    await cart.getByText(`Your balance now: ${start - 30} Merits`).waitFor();
    expect(await balanceOf(student.token)).toBe(start - 30);

    await page.goto('/orders');
    const card = orderCard(page, 'Notebook');
    await card.getByRole('button', { name: /^Cancel order placed / }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel this order?' });
    await ask.getByText('30 Merits will go back to your balance.').waitFor();
    await ask.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('30 Merits went back to your balance.').waitFor();
    await orderCard(page, 'Notebook').getByText('Canceled', { exact: true }).waitFor();
    expect(
      await orderCard(page, 'Notebook')
        .getByRole('button', { name: /^Cancel / })
        .count(),
    ).toBe(0);
    expect(await balanceOf(student.token)).toBe(start);
    expect((await myOrders(student.token)).map((o) => o.status)).toEqual(['CANCELED']);
  });

  test('a student buys an emoji and a font, chooses them on the profile and sees them in the header', async ({
    page,
  }) => {
    const student = await apiLogin(base(), 'student3');
    const start = await topUp(student.token, student.user.externalId, 150);
    const meta = await call<StoreMeta>(student.token, 'GET', 'store/meta');
    const font = meta.fonts.find((f) => f.name === 'Comfortaa')!;
    const emoji = meta.icons.find((i) => i.kind === 'Emojis' && i.memberStatusLevel === 'Bronze')!;
    expect([font.price, emoji.price]).toEqual([100, 50]);

    await signIn(page, 'student3');
    await page.goto('/store?tab=customize');
    await page.getByRole('button', { name: 'Buy the Comfortaa font' }).click();
    let ask = page.getByRole('dialog', { name: 'Please confirm' });
    await ask
      .getByText(`Buy the Comfortaa font for 100 Merits? You will have ${start - 100} Merits left.`)
      .waitFor();
    await ask.getByRole('button', { name: 'Yes, buy it' }).click();
    await page.getByRole('article', { name: 'Comfortaa font' }).getByText('Owned').waitFor();

    // Bronze's faces are unlocked for everyone; the page opens on the student's own level.
    await page.getByText('Bronze · faces', { exact: true }).click();
    await page.getByRole('button', { name: `Buy the ${emoji.name} emoji`, exact: true }).click();
    ask = page.getByRole('dialog', { name: 'Please confirm' });
    await ask.getByRole('button', { name: 'Yes, buy it' }).click();
    await page
      .getByRole('article', { name: `${emoji.name} emoji`, exact: true })
      .getByText('Owned')
      .waitFor();
    expect(await balanceOf(student.token)).toBe(start - 150);

    await page.goto('/profile');
    await page.getByRole('radio', { name: 'Comfortaa' }).check();
    await page.getByRole('radio', { name: `${emoji.name} emoji`, exact: true }).check();
    await page.getByRole('button', { name: 'Save font and icon' }).click();
    await page.getByText('Your font and icon are saved.').waitFor();
    const chosen = await call<StoreMeta>(student.token, 'GET', 'store/meta');
    expect([chosen.chosenFont, chosen.chosenIcon]).toEqual([font.id, emoji.id]);

    // The header shows the name in the font, after the icon, and keeps them after a reload.
    await page.reload();
    const header = page.locator('header');
    const shown = header.locator(`[data-font="${font.id}"]`).first();
    await shown.waitFor();
    expect(await shown.innerText()).toBe(
      `${student.user.firstName.charAt(0)}. ${student.user.lastName}`,
    );
    expect(await shown.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Comfortaa');
    const icon = header.locator(`img[data-icon="${emoji.id}"]`).first();
    await icon.waitFor();
    await expect
      .poll(() => icon.evaluate((img) => (img as HTMLImageElement).naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
  });

  test('a teacher adds a product with a picture to their store and a student of theirs buys it', async ({
    page,
  }) => {
    await oneDeliveryDate();
    const teacher = await apiLogin(base(), 'teacher1');
    const classes = await get<{ _id: string; name: string }[]>(teacher.token, 'periods');
    const roster = (
      await get<{ students: ClassStudent[] }>(
        teacher.token,
        `activity/class-stats/${classes[0]!._id}`,
      )
    ).students;
    const pupil = roster[roster.length - 1]!;
    const username = usernameOf(pupil.externalStudentId);
    const student = await apiLogin(base(), username);
    const start = await topUp(student.token, pupil.externalStudentId, 60);
    const product = `Class pet helper ${Date.now() % 100000}`;

    await signIn(page, 'teacher1');
    await page.goto('/store?tab=mine');
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('dialog', { name: 'New product' });
    await form.getByRole('textbox', { name: 'Name' }).fill(product);
    await form.getByRole('textbox', { name: 'Description' }).fill('Feed the fish for a week.');
    await form.getByRole('textbox', { name: 'Price (Merits)' }).fill('25');
    await form.getByRole('textbox', { name: 'Stock' }).fill('3');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fish.png', mimeType: 'image/png', buffer: PNG });
    const preview = form.getByRole('img', { name: "The product's picture" });
    await preview.waitFor();
    await form.getByRole('button', { name: 'Add product' }).click();
    await form.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: product });
    await card.getByText('3 left').waitFor();
    const created = (await call<Product[]>(teacher.token, 'GET', 'products/teacher-store')).find(
      (p) => p.name === product,
    )!;
    expect(created.image).toMatch(/\.webp$/);
    expect([created.price, created.stock, created.active]).toEqual([25, 3, true]);

    // The student finds it in their teacher's store, picture and all, and buys it.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, username);
    await page.goto('/store');
    const offered = page.getByRole('article', { name: product });
    await offered.waitFor();
    // The cards' pictures load lazily: the new product may be below the fold of a full store.
    const picture = offered.locator('img');
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await offered.getByRole('button', { name: `Add to cart: ${product}` }).click();
    await page.getByRole('button', { name: 'Cart · 1 item' }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.getByRole('button', { name: 'Check out' }).click();
    await cart.getByRole('button', { name: 'Yes, buy it' }).click();
    await cart.getByText(`Your balance now: ${start - 25} Merits`).waitFor();
    expect(await balanceOf(student.token)).toBe(start - 25);
    const [order] = await myOrders(student.token);
    expect([order!.store, order!.teacher?._id, order!.orderItems[0]!.name]).toEqual([
      'Teacher',
      teacher.user._id,
      product,
    ]);
    expect(
      (await call<Product[]>(student.token, 'GET', 'products/teacher-store')).find(
        (p) => p.name === product,
      )!.stock,
    ).toBe(2);

    // The teacher sees it in their Orders.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'teacher1');
    await page.goto('/orders');
    await page
      .getByRole('table', { name: /^Your store's orders/ })
      .getByRole('row')
      .filter({ hasText: product })
      .getByText(`${pupil.lastName}, ${pupil.firstName}`)
      .waitFor();
  });
});
