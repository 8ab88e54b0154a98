import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { test as base } from 'vitest';
import { E2E_NOW } from './clock.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS_DIR = path.join(ROOT, '.e2e-artifacts');
export const DEMO_PASSWORD = 'demo1234';

/**
 * Debian's Chromium (scripts/ensure-chromium.sh installs it), headless. Every context it opens
 * starts its clock at E2E_NOW, the servers' day, and lets it run on, with no service worker unless
 * it asks for one (`serviceWorkers: 'allow'`). `extraArgs` adds switches (a fake camera, for one).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // The app's service worker (issue 35) fetches every chunk of the build in each new context:
    // only a test of the app offline asks for it.
    const context = await open({ serviceWorkers: 'block', ...options });
    await context.clock.install({ time: new Date(E2E_NOW) });
    await context.clock.resume();
    return context;
  };
  return browser;
}

export interface PageSource {
  browser: Browser;
  baseURL: string;
}

const fileSafe = (s: string) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

/**
 * A vitest `test` whose `page` fixture is a fresh browser context on the file's server.
 * `source` is read when a test starts, so it may be filled in by `beforeAll`.
 * The test fails on any uncaught error in the page; a failed test leaves a screenshot in
 * `.e2e-artifacts/`.
 */
export function testWithPage(source: () => PageSource) {
  return base.extend<{ page: Page }>({
    page: async ({ task }, use) => {
      const { browser, baseURL } = source();
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const pageErrors: Error[] = [];
      page.on('pageerror', (err) => pageErrors.push(err));
      try {
        await use(page);
        const failed = task.result?.state === 'fail' || pageErrors.length > 0;
        if (failed) {
          const file = fileSafe(`${path.basename(task.file.name, '.test.ts')}-${task.name}`);
          await mkdir(ARTIFACTS_DIR, { recursive: true });
          await page
            .screenshot({ path: path.join(ARTIFACTS_DIR, `${file}.png`), fullPage: true })
            .catch(() => undefined);
        }
        if (pageErrors.length > 0) {
          const detail = pageErrors.map((e) => e.stack ?? e.message).join('\n\n');
          throw new Error(`Uncaught error in the page at ${page.url()}:\n${detail}`);
        }
      } finally {
        await context.close();
      }
    },
  });
}

/**
 * Signs in through the real login form and waits until the app has left /login. The inputs are
 * found by accessible name (a required field's label also holds an aria-hidden asterisk).
 */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The path the page is on now. */
export const pathnameOf = (page: Page): string => new URL(page.url()).pathname;

/** The accessible name in the first line of an aria snapshot (`- link "Store":`, YAML-quoted when needed). */
function snapshotName(snapshot: string, role: string): string {
  let line = (snapshot.split('\n')[0] ?? '').trim().replace(/^- /, '').replace(/:$/, '');
  if (line.startsWith("'") && line.endsWith("'")) line = line.slice(1, -1).replace(/''/g, "'");
  if (line === role) return '';
  const match = new RegExp(`^${role} "((?:[^"\\\\]|\\\\.)*)"`).exec(line);
  if (!match) throw new Error(`Cannot read a ${role} name from ${JSON.stringify(snapshot)}`);
  return JSON.parse(`"${match[1] ?? ''}"`) as string;
}

/** The accessible names of every link inside `scope`, in document order. */
export async function linkNames(scope: Locator): Promise<string[]> {
  const links = scope.getByRole('link');
  const names: string[] = [];
  for (const link of await links.all()) names.push(snapshotName(await link.ariaSnapshot(), 'link'));
  return names;
}
