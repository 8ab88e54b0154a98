import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import {
  STUDENT_HOME_JS_BUDGET_BYTES,
  STUDENT_HOME_JS_BUDGET_KB as JS_BUDGET_KB,
} from '../e2e/helpers/bundle-budget.js';
import { startServer } from '../e2e/helpers/server.js';

/**
 * The student home page in Chromium: the JavaScript it loads (gzip, as Vite reports it) against
 * the 200 KB budget, and its Largest Contentful Paint cold (a new browser context: empty cache) and
 * warm (the same context again), against the LCP of a static file served by the same server in
 * the same run. The built app (npm run build) runs as in production, on a fresh demo database.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = 5;
const STUDENT = 'student1';
const PASSWORD = 'demo1234';
const VIEWPORT = { width: 1280, height: 800 };

interface Lcp {
  /** Median of the runs, in ms from navigation start. */
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** The element that was the largest contentful paint (last run), e.g. `h2 "Welcome back, Ava!"`. */
  element: string;
}

export interface WebFigures {
  /** The scripts the page loaded, each with its size and gzip size in bytes. */
  scripts: { file: string; bytes: number; gzipBytes: number }[];
  jsBytes: number;
  jsGzipBytes: number;
  cold: Lcp;
  warm: Lcp;
  /** A static file (dist/release.json, shown by Chromium as text) from the same server: the floor. */
  baselineCold: Lcp;
  baselineWarm: Lcp;
  /** Set when the web build is older than a source file of apps/web/src. */
  staleBuild?: string;
}

/** Why the bench cannot run here, or null. */
export function webBenchUnavailable(): string | null {
  if (!existsSync(path.join(WEB, 'dist/index.html')))
    return 'no web build (run npm run build first)';
  if (!existsSync(CHROMIUM))
    return `no Chromium at ${CHROMIUM} (scripts/ensure-chromium.sh installs it)`;
  return null;
}

/** The newest source file under `dir` (tests left out: the build has none) and its modification time. */
function newest(dir: string): { file: string; mtime: number } {
  let best = { file: '', mtime: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    const p = path.join(dir, entry.name);
    const cand = entry.isDirectory() ? newest(p) : { file: p, mtime: statSync(p).mtimeMs };
    if (cand.mtime > best.mtime) best = cand;
  }
  return best;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Records every largest-contentful-paint candidate; the last one is the page's LCP. */
function recordLcp(context: BrowserContext) {
  return context.addInitScript(() => {
    const w = window as unknown as { __lcp: { t: number; el: string } };
    w.__lcp = { t: 0, el: '' };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        const el = e.element;
        w.__lcp = {
          t: e.startTime,
          el: el
            ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`
            : '(image or removed element)',
        };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** Opens `url` and waits for `ready` and a quiet network; returns the LCP then recorded. */
async function loadAndReadLcp(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<{ t: number; el: string }> {
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // LCP is reported after the frame that painted it: give it two frames.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  return page.evaluate(() => (window as unknown as { __lcp: { t: number; el: string } }).__lcp);
}

/** LCP over RUNS cold loads (each in a new context) and RUNS warm ones (a context that loaded it once). */
async function measureLcp(
  newContext: () => Promise<BrowserContext>,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<{ cold: Lcp; warm: Lcp }> {
  const summary = (runs: { t: number; el: string }[]): Lcp => ({
    medianMs: median(runs.map((r) => r.t)),
    minMs: Math.min(...runs.map((r) => r.t)),
    maxMs: Math.max(...runs.map((r) => r.t)),
    element: runs.at(-1)?.el ?? '',
  });
  const cold: { t: number; el: string }[] = [];
  const warm: { t: number; el: string }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext();
    try {
      await recordLcp(context);
      cold.push(await loadAndReadLcp(await context.newPage(), url, ready));
      // Warm: the same context (its HTTP cache, and V8's code cache for the scripts) in a new tab.
      warm.push(await loadAndReadLcp(await context.newPage(), url, ready));
    } finally {
      await context.close();
    }
  }
  return { cold: summary(cold), warm: summary(warm) };
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `webDist`: another build to serve (to compare with an older one); apps/web/dist by default. */
export async function benchWeb(opts: { webDist?: string } = {}): Promise<WebFigures> {
  const source = newest(path.join(WEB, 'src'));
  const built = statSync(path.join(opts.webDist ?? path.join(WEB, 'dist'), 'index.html')).mtimeMs;
  const staleBuild =
    !opts.webDist && source.mtime > built ? path.relative(ROOT, source.file) : undefined;

  const server = await startServer({
    LOG_LEVEL: 'warn',
    ...(opts.webDist ? { WEB_DIST: opts.webDist } : {}),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const { baseURL } = server;
    const res = await fetch(`${baseURL}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: STUDENT, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${STUDENT} failed: ${res.status}`);
    const { token, user } = (await res.json()) as {
      token: string;
      user: { _id: string; firstName: string };
    };
    // Signed in as the app keeps a session: the token in localStorage.
    const signedIn = () =>
      browser.newContext({
        baseURL,
        viewport: VIEWPORT,
        storageState: {
          cookies: [],
          origins: [
            {
              origin: baseURL,
              localStorage: [
                { name: 'authtoken', value: token },
                { name: 'userId', value: user._id },
              ],
            },
          ],
        },
      });
    const homeReady = (page: Page) =>
      page
        .getByRole('heading', { name: `Welcome back, ${user.firstName}!` })
        .waitFor({ timeout: 30_000 });

    // The scripts of one cold load of the home page.
    const scripts: WebFigures['scripts'] = [];
    {
      const context = await signedIn();
      try {
        const page = await context.newPage();
        const bodies: Promise<void>[] = [];
        page.on('response', (r) => {
          if (r.request().resourceType() !== 'script' || r.status() !== 200) return;
          bodies.push(
            r.body().then((body) => {
              scripts.push({
                file: new URL(r.url()).pathname,
                bytes: body.length,
                gzipBytes: gzipSync(body, { level: 9 }).length,
              });
            }),
          );
        });
        await page.goto('/');
        await homeReady(page);
        await page.waitForLoadState('networkidle');
        await Promise.all(bodies);
      } finally {
        await context.close();
      }
    }
    scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);

    const home = await measureLcp(signedIn, '/', homeReady);
    const baseline = await measureLcp(
      () => browser.newContext({ baseURL, viewport: VIEWPORT }),
      '/release.json',
      (page) => page.locator('pre').waitFor(),
    );
    return {
      scripts,
      jsBytes: scripts.reduce((n, s) => n + s.bytes, 0),
      jsGzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0),
      cold: home.cold,
      warm: home.warm,
      baselineCold: baseline.cold,
      baselineWarm: baseline.warm,
      staleBuild,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The "Student home page" section of npm run bench. */
export function printWeb(f: WebFigures): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`; // of 1,024 bytes, as the budget is counted
  const ms = (l: Lcp) =>
    `${l.medianMs.toFixed(0).padStart(5)} ms (min ${l.minMs.toFixed(0)}, max ${l.maxMs.toFixed(0)})`;
  console.log(
    `\nStudent home page (${STUDENT}, Chromium headless ${VIEWPORT.width}×${VIEWPORT.height}, the built app on this machine, median of ${RUNS} loads)`,
  );
  if (f.staleBuild)
    console.log(
      `  note: the web build is older than ${f.staleBuild}: run npm run build for current figures`,
    );
  const share = (100 * f.jsGzipBytes) / STUDENT_HOME_JS_BUDGET_BYTES;
  console.log(
    `  JavaScript loaded         ${kb(f.jsGzipBytes).padStart(9)} gzip (${kb(f.jsBytes)} raw) in ${f.scripts.length} files: ${share.toFixed(0)}% of the ${JS_BUDGET_KB} KB budget${share > 100 ? '  OVER BUDGET' : ''}`,
  );
  for (const s of f.scripts.slice(0, 4))
    console.log(`    ${s.file.padEnd(40)} ${kb(s.gzipBytes).padStart(9)} gzip`);
  if (f.scripts.length > 4)
    console.log(
      `    ${`${f.scripts.length - 4} more`.padEnd(40)} ${kb(f.scripts.slice(4).reduce((n, s) => n + s.gzipBytes, 0)).padStart(9)} gzip`,
    );
  console.log(
    `  LCP cold (empty cache)    ${ms(f.cold)}   baseline (static file, same server) ${ms(f.baselineCold)}   +${(f.cold.medianMs - f.baselineCold.medianMs).toFixed(0)} ms`,
  );
  console.log(
    `  LCP warm (cached)         ${ms(f.warm)}   baseline (static file, same server) ${ms(f.baselineWarm)}   +${(f.warm.medianMs - f.baselineWarm.medianMs).toFixed(0)} ms`,
  );
  console.log(`  LCP element               ${f.cold.element}`);
}
