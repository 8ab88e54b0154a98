/**
 * The axe-core audit of the accessibility tests (WCAG 2.1 AA): the pages each role may open, at
 * desktop and phone sizes, each opened once it has settled; violations are collected here as
 * findings, for the test file to assert once at the end.
 */
import { appendFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { allowedBasePaths, type SessionUser } from '@app/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** A path no route matches: the not-found screen. */
export const NOT_FOUND = '/no-such-page';

/** What a visitor who is not signed in may open: the public routes (placeholders included). */
export const VISITOR_PATHS = [
  '/',
  '/login',
  // A student's printed sign-in card (docs/decisions/133-sign-in-cards.md).
  '/login?card',
  // A store volunteer's cashier code (issue 35).
  '/login?cashier',
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
export const USERS = [
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

export const findings: Finding[] = [];
export let pagesChecked = 0;

/** ' (#868e96 on #ffffff, 3.32:1)' for a colour-contrast node, '' for others. */
function contrastOf(node: { any: { id: string; data?: unknown }[] }): string {
  const data = node.any.find((c) => c.id === 'color-contrast')?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : '';
}

/** Watches a page's requests: whether any is in flight, and how many have started so far. */
export function trackNetwork(page: Page) {
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
export async function openSettled(
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

export async function settle(page: Page, network: Network): Promise<void> {
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
export async function auditSettled(
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
export async function auditAll(
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
export function pathsFor(user: SessionUser, classId: string | undefined): string[] {
  const paths: string[] = [];
  for (const base of allowedBasePaths(user)) {
    if (base === '/class') {
      if (classId) paths.push(`/class/${classId}`);
    } else if (base !== '/dev') paths.push(base);
  }
  return paths;
}

/** A browser context already signed in (the token where the app keeps it), in `locale`. */
export function signedInContext(
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
export const slot = limiter(2);
