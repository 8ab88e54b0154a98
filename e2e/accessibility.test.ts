/**
 * WCAG 2.1 AA as axe-core measures it: every screen each demo role can open, at desktop and phone
 * sizes, on one server and one browser. Violations are collected across all pages and asserted
 * once at the end, as a list of page, role, size, rule, impact and a few of the elements.
 */
import { appendFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { allowedBasePaths, allows, type SessionUser } from '@app/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { apiGet } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** A path no route matches: the not-found screen. */
const NOT_FOUND = '/no-such-page';

/** What a visitor who is not signed in may open: the public routes (placeholders included). */
const VISITOR_PATHS = [
  '/',
  '/login',
  // A student's printed sign-in card (docs/decisions/133-sign-in-cards.md).
  '/login?card',
  '/login/product',
  '/status',
  '/contact',
  '/account-setup',
  '/forgot-password',
  '/reset-password',
  '/setup',
  NOT_FOUND,
];

/** Demo users covering every role; each signs in once, through the API. */
const USERS = [
  'student1',
  'teacher1',
  'teacher4',
  'admin',
  'store',
  'assistant',
  'house',
  'giveall',
  'reports',
  'district',
  'guardian1',
];

/** Set AXE_DUMP=<file> to also write every failing element, one JSON line each. */
const DUMP = process.env.AXE_DUMP;

interface Finding {
  page: string;
  role: string;
  size: string;
  rule: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
}

const findings: Finding[] = [];
let pagesChecked = 0;

/** ' (#868e96 on #ffffff, 3.32:1)' for a colour-contrast node, '' for others. */
function contrastOf(node: { any: { id: string; data?: unknown }[] }): string {
  const data = node.any.find((c) => c.id === 'color-contrast')?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : '';
}

/** Watches a page's requests: whether any is in flight, and how many have started so far. */
function trackNetwork(page: Page) {
  const inFlight = new Set<unknown>();
  let started = 0;
  page.on('request', (r) => {
    inFlight.add(r);
    started++;
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return { busy: () => inFlight.size > 0, started: () => started };
}
type Network = ReturnType<typeof trackNetwork>;

/** The page shows its content: a heading, no spinner, nothing marked busy. */
const showsContent = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector('h1') !== null &&
      document.querySelector('.mantine-Loader, [aria-busy="true"]') === null,
  );

/**
 * Opens `path` and waits until the page has settled: content shown and the network quiet for a
 * while, then every animation finished (a fade would give axe half-drawn colours). The first path
 * of a context loads the app; the others navigate inside it as a user does (a history push,
 * which React Router follows), which is several times faster than loading the app again.
 */
async function openSettled(
  page: Page,
  network: Network,
  path: string,
  first: boolean,
): Promise<void> {
  if (first) await page.goto(path);
  else
    await page.evaluate((to) => {
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      window.history.pushState(
        { usr: null, key: Math.random().toString(36).slice(2, 10), idx: idx + 1 },
        '',
        to,
      );
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
  await settle(page, network);
}

async function settle(page: Page, network: Network): Promise<void> {
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  for (;;) {
    if (network.busy() || !(await showsContent(page))) quietSince = Date.now();
    else if (Date.now() - quietSince >= 120) break;
    if (Date.now() > deadline)
      throw new Error('the page did not settle (a spinner, no h1, or the network kept busy)');
    await new Promise((r) => setTimeout(r, 30));
  }
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

/** The violations on the page as it is now, as findings (and AXE_DUMP lines). */
async function audit(page: Page, role: string, size: string, path: string): Promise<Finding[]> {
  // Legacy mode runs axe in the page itself (the app has no frames) instead of opening a blank
  // page per run to merge frame results, which halves the time.
  const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  const found: Finding[] = [];
  const landed = new URL(page.url()).pathname;
  const where = landed === path ? path : `${path} → ${landed}`;
  for (const v of results.violations) {
    found.push({
      page: where,
      role,
      size,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${contrastOf(n)}`),
    });
    if (DUMP)
      for (const n of v.nodes)
        appendFileSync(
          DUMP,
          `${JSON.stringify({ page: where, role, size, rule: v.id, target: n.target.join(' '), html: n.html.slice(0, 300), contrast: contrastOf(n) })}\n`,
        );
  }
  return found;
}

/**
 * Audits the settled page. A page that started loading again meanwhile (a late query, a
 * refetch) is audited again once settled, so a half-drawn state is never recorded by chance.
 */
async function auditSettled(
  page: Page,
  network: Network,
  role: string,
  size: string,
  path: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const before = network.started();
    const found = await audit(page, role, size, path);
    if ((network.started() === before && !network.busy()) || attempt === 3) {
      findings.push(...found);
      pagesChecked++;
      return;
    }
    await settle(page, network);
  }
}

/** Audits every path at both sizes, in a fresh context per size from `newContext`. */
async function auditAll(
  role: string,
  paths: string[],
  newContext: (viewport: { width: number; height: number }) => Promise<BrowserContext>,
  sizes: readonly (typeof SIZES)[number][] = SIZES,
  lang?: string,
) {
  for (const size of sizes) {
    const context = await newContext(size.viewport);
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      const errors: Error[] = [];
      page.on('pageerror', (err) => errors.push(err));
      const network = trackNetwork(page);
      for (const [i, path] of paths.entries()) {
        try {
          await openSettled(page, network, path, i === 0);
        } catch (err) {
          throw new Error(
            `${role}, ${size.name}, ${path}: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
        // A Spanish pass audits Spanish screens: the page must say so.
        if (lang) expect(await page.locator('html').getAttribute('lang'), path).toBe(lang);
        await auditSettled(page, network, role, size.name, path);
      }
      if (errors.length > 0)
        throw new Error(
          `Uncaught error in the page (${role}, ${size.name}): ${errors.map((e) => e.message).join('; ')}`,
        );
    } finally {
      await context.close();
    }
  }
}

/** The screens a signed-in user may open: their allowed base paths, /class with a real class. */
function pathsFor(user: SessionUser, classId: string | undefined): string[] {
  const paths: string[] = [];
  for (const base of allowedBasePaths(user)) {
    if (base === '/class') {
      if (classId) paths.push(`/class/${classId}`);
    } else if (base !== '/dev') paths.push(base);
  }
  return paths;
}

/** A browser context already signed in (the token where the app keeps it), in `locale`. */
function signedInContext(
  browser: Browser,
  baseURL: string,
  token: string,
  user: SessionUser,
  locale?: string,
) {
  const localStorage = [
    { name: 'authtoken', value: token },
    { name: 'userId', value: user._id },
  ];
  return (viewport: { width: number; height: number }) =>
    browser.newContext({
      baseURL,
      viewport,
      locale,
      storageState: { cookies: [], origins: [{ origin: baseURL, localStorage }] },
    });
}

/** At most `n` jobs at once: the two cores also run the server and Chromium. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    while (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await job();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
const slot = limiter(2);

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  // The roles are audited two at a time; the last test waits for all of them.
  test.concurrent('visitor', { timeout: 900_000 }, () =>
    slot(() =>
      auditAll('visitor', VISITOR_PATHS, (viewport) =>
        suite.browser.newContext({ baseURL: suite.server.baseURL, viewport }),
      ),
    ),
  );

  test.concurrent.for(USERS)('%s', { timeout: 900_000 }, (username, { expect }) =>
    slot(async () => {
      const { baseURL } = suite.server;
      const { token, user } = await apiLogin(baseURL, username);
      let classId: string | undefined;
      if (username === 'teacher1') {
        // teacher1's first class, the first card on the Classes page.
        classId = (await apiGet<{ _id: string }[]>(baseURL, token, 'periods'))[0]?._id;
        expect(classId, 'teacher1 has a class').toBeTruthy();
      }
      const paths = pathsFor(user, classId);
      if (username === 'teacher1') paths.push(NOT_FOUND);
      if (allows(user, 'goals:use')) {
        // The home page with a saving goal pinned: its card and progress bar (docs/decisions/107-saving-goals.md).
        const shop = await apiGet<{ _id: string; stock: number | null }[]>(
          baseURL,
          token,
          'products/school-store',
        );
        const product = shop.find((p) => p.stock === null || p.stock > 0);
        expect(product, 'the demo store has a product in stock').toBeTruthy();
        const res = await fetch(`${baseURL}/api/v1/goal`, {
          method: 'PUT',
          headers: { authtoken: token, 'content-type': 'application/json' },
          body: JSON.stringify({ productId: product!._id }),
        });
        expect(res.status).toBe(200);
        paths.unshift('/');
      }
      // Settings tabs beyond the first one shown.
      if (allows(user, 'settings:schoolYear')) paths.push('/settings?tab=school-year');
      if (allows(user, 'guardians:manage')) paths.push('/settings?tab=guardians');
      if (username === 'admin') {
        // Settings' Data tab with an export on it: its progress bar and download link.
        const res = await fetch(`${baseURL}/api/v1/exports`, {
          method: 'POST',
          headers: { authtoken: token, 'content-type': 'application/json' },
          body: JSON.stringify({ scope: 'school' }),
        });
        expect(res.status).toBe(202);
        paths.push('/settings?tab=data');
      }
      await auditAll(username, paths, signedInContext(suite.browser, baseURL, token, user));
    }),
  );

  // The Spanish screens (docs/decisions/109-i18n.md): a browser in Spanish, desktop size, the roles
  // whose screens cover every area of the catalogue.
  test.concurrent('visitor in Spanish', { timeout: 900_000 }, () =>
    slot(() =>
      auditAll(
        'visitor (es)',
        VISITOR_PATHS,
        (viewport) =>
          suite.browser.newContext({ baseURL: suite.server.baseURL, viewport, locale: 'es-MX' }),
        [SIZES[0]],
        'es',
      ),
    ),
  );
  test.concurrent.for(['student1', 'teacher1', 'admin', 'store', 'district', 'guardian1'])(
    '%s in Spanish',
    { timeout: 900_000 },
    (username, { expect }) =>
      slot(async () => {
        const { baseURL } = suite.server;
        const { token, user } = await apiLogin(baseURL, username);
        let classId: string | undefined;
        if (username === 'teacher1') {
          classId = (await apiGet<{ _id: string }[]>(baseURL, token, 'periods'))[0]?._id;
          expect(classId, 'teacher1 has a class').toBeTruthy();
        }
        const paths = pathsFor(user, classId);
        if (allows(user, 'settings:schoolYear')) paths.push('/settings?tab=school-year');
        await auditAll(
          `${username} (es)`,
          paths,
          signedInContext(suite.browser, baseURL, token, user, 'es-MX'),
          [SIZES[0]],
          'es',
        );
      }),
  );

  // The fulfilment queue's states (docs/decisions/105-fulfilment-queue-and-redeem.md): a packaged
  // order in the default view beside pending ones, and Redeem's confirmation.
  test.concurrent(
    'store: the queue with a packaged order, and Redeem asking to confirm',
    { timeout: 900_000 },
    ({ expect }) =>
      slot(async () => {
        const { baseURL } = suite.server;
        const student = await apiLogin(baseURL, 'student5');
        const products = await apiGet<{ _id: string; price: number }[]>(
          baseURL,
          student.token,
          'products/school-store',
        );
        const cheapest = products.reduce((a, b) => (b.price < a.price ? b : a));
        const placed = await fetch(`${baseURL}/api/v2/order`, {
          method: 'POST',
          headers: { authtoken: student.token, 'content-type': 'application/json' },
          body: JSON.stringify({ orderItems: [{ productId: cheapest._id, quantity: 1 }] }),
        });
        expect(placed.status).toBe(200);
        const orderId = ((await placed.json()) as { orders: { _id: string }[] }).orders[0]!._id;
        const store = await apiLogin(baseURL, 'store');
        const packed = await fetch(`${baseURL}/api/v2/order/${orderId}`, {
          method: 'PUT',
          headers: { authtoken: store.token, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'PACKAGE' }),
        });
        expect(packed.status).toBe(200);
        const newContext = signedInContext(suite.browser, baseURL, store.token, store.user);
        for (const size of SIZES) {
          const context = await newContext(size.viewport);
          context.setDefaultTimeout(10_000);
          try {
            const page = await context.newPage();
            const network = trackNetwork(page);
            await openSettled(page, network, '/orders', true);
            await page.getByText('Packaged', { exact: true }).first().waitFor();
            await auditSettled(page, network, 'store (a packaged order)', size.name, '/orders');
            await page
              .getByRole('button', { name: /^Redeem / })
              .first()
              .click();
            await page.getByRole('dialog', { name: 'Please confirm' }).waitFor();
            await settle(page, network);
            await auditSettled(page, network, 'store (Redeem confirmation)', size.name, '/orders');
          } finally {
            await context.close();
          }
        }
      }),
  );

  // Settings → Invitations with a link shown: an invitation on this server (no SMTP_URL) is not
  // mailed, so the screen shows its link to copy and lists it (docs/decisions/132-invitations-without-mail.md).
  test.concurrent('admin: an invitation not mailed, its link shown', { timeout: 900_000 }, () =>
    slot(async () => {
      const { baseURL } = suite.server;
      const admin = await apiLogin(baseURL, 'admin');
      const invitee = (await apiLogin(baseURL, 'teacher3')).user;
      const name = `${invitee.firstName} ${invitee.lastName}`;
      const newContext = signedInContext(suite.browser, baseURL, admin.token, admin.user);
      for (const size of SIZES) {
        const context = await newContext(size.viewport);
        context.setDefaultTimeout(10_000);
        try {
          const page = await context.newPage();
          const network = trackNetwork(page);
          const path = '/settings?tab=invitations';
          await openSettled(page, network, path, true);
          await page.getByRole('textbox', { name: 'User' }).fill(invitee.firstName);
          await page.getByRole('option', { name }).click();
          await page.getByRole('textbox', { name: 'Email' }).fill('teacher3.a11y@example.org');
          await page.getByRole('button', { name: 'Send invitation' }).click();
          await page.getByRole('textbox', { name: `Invitation link for ${name}` }).waitFor();
          await settle(page, network);
          await auditSettled(page, network, 'admin (an invitation link shown)', size.name, path);
        } finally {
          await context.close();
        }
      }
    }),
  );

  // Sign-in cards (docs/decisions/133-sign-in-cards.md): the class page's two dialogs (print the
  // class's cards, set a student's password) and Settings → Users and roles with its cards part.
  test.concurrent(
    'sign-in cards: the class page’s dialogs, Users and roles',
    { timeout: 900_000 },
    ({ expect }) =>
      slot(async () => {
        const { baseURL } = suite.server;
        const teacher = await apiLogin(baseURL, 'teacher1');
        const classId = (await apiGet<{ _id: string }[]>(baseURL, teacher.token, 'periods'))[0]
          ?._id;
        expect(classId, 'teacher1 has a class').toBeTruthy();
        const newContext = signedInContext(suite.browser, baseURL, teacher.token, teacher.user);
        const path = `/class/${classId}`;
        for (const size of SIZES) {
          const context = await newContext(size.viewport);
          context.setDefaultTimeout(10_000);
          try {
            const page = await context.newPage();
            const network = trackNetwork(page);
            await openSettled(page, network, path, true);
            for (const [button, dialog] of [
              ['Print sign-in cards', 'Print sign-in cards'],
              ['Set a password', 'Set a student’s password'],
            ] as const) {
              await page.getByRole('button', { name: button }).click();
              await page.getByRole('dialog', { name: dialog }).waitFor();
              await settle(page, network);
              await auditSettled(page, network, `teacher1 (${dialog})`, size.name, path);
              await page.keyboard.press('Escape');
              await page.getByRole('dialog').waitFor({ state: 'detached' });
            }
          } finally {
            await context.close();
          }
        }
        const admin = await apiLogin(baseURL, 'admin');
        await auditAll(
          'admin',
          ['/settings?tab=users'],
          signedInContext(suite.browser, baseURL, admin.token, admin.user),
        );
      }),
  );

  afterAll(() => {
    console.log(
      `axe: ${pagesChecked} pages checked, ${findings.reduce((n, f) => n + f.nodes, 0)} violations`,
    );
  });

  test('no violations on any page', () => {
    expect(pagesChecked).toBeGreaterThan(0);
    const report = findings.map(
      (f) =>
        `${f.page} [${f.role}, ${f.size}] ${f.rule} (${f.impact}, ${f.nodes} elements): ${f.help}\n      ${f.targets.join('\n      ')}`,
    );
    expect(
      report.join('\n'),
      `${findings.length} rule violations on ${new Set(findings.map((f) => f.page)).size} pages`,
    ).toBe('');
  });
});

/** Signs `page` in as `username` by storing an API session where the app keeps it. */
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
