import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/helpers/browser.js';
import { qrReel } from '../e2e/helpers/qr-video.js';
import { startServer } from '../e2e/helpers/server.js';
import { CPU_SLOWDOWN, phoneContext, phonePage, signIn, type Session } from './phone.js';

/**
 * Scan to give on a mid-range phone (issue 35): /scan on Chromium with its CPU slowed 4× and
 * "Fast 3G", the camera a fake one playing a reel of badges (each on paper for 1.5 s after 1.5 s of
 * an empty dark frame). For each badge: from the first camera frame that shows it (the frame's
 * capture time, read by the page's video frame callback) to the line naming the student and the
 * action on screen (the confirmation, with its sound), and, online, to "Given" (the server's
 * answer). Online, then offline (the app reloaded with no network, the class's badges known on
 * the device). Baseline: one round trip to the server under the same profile.
 */

const ACTION = 'Homework complete';
const BADGES = 20;
const REEL = { fps: 15, emptySeconds: 1.5, heldSeconds: 1.5 };
const GOAL = { onlineMs: 1000, offlineMs: 300 };

interface Badge {
  studentId: string;
  name: string;
  code: string;
}
interface PassFigures {
  /** Badge frame → the line naming the student, per badge read, ms. */
  shown: number[];
  /** Badge frame → "Given" (online only), ms. */
  given: number[];
  /** Badges the reel showed that no line confirmed. */
  missed: number;
}
export interface ScanFigures {
  online: PassFigures;
  offline: PassFigures;
  roundTripMs: number;
}

/**
 * Watches the camera's picture (one pixel of each frame: paper, or the empty dark frame) and the
 * results: when each badge came into view (the frame's capture time) and when a line first named
 * each student, and when it said "Given". A plain script (no compiled helpers in the page), timed
 * by the document's timeline, the clock of video frame callbacks, which the installed test clock
 * (a school day, as the server's) leaves alone.
 */
const watchScript = (actionWords: string) => `(() => {
  const scan = (window.__scan = { appeared: [], shown: {}, given: {} });
  const words = ${JSON.stringify(`: ${actionWords}`)};
  const canvas = new OffscreenCanvas(1, 1);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const seen = new WeakSet();
  const follow = (video) => {
    if (seen.has(video)) return;
    seen.add(video);
    let onPaper = false;
    const onFrame = (now, meta) => {
      ctx.drawImage(video, 2, 2, 1, 1, 0, 0, 1, 1);
      const paper = ctx.getImageData(0, 0, 1, 1).data[0] > 150;
      if (paper && !onPaper) scan.appeared.push(meta.captureTime || meta.presentationTime || now);
      onPaper = paper;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => {
    for (const v of document.querySelectorAll('video')) follow(v);
    const at = document.timeline.currentTime;
    for (const el of document.querySelectorAll('p')) {
      const text = el.textContent || '';
      const i = text.indexOf(words);
      if (i <= 0) continue;
      const name = text.slice(0, i);
      if (!(name in scan.shown)) scan.shown[name] = at;
      const line = el.parentElement ? el.parentElement.textContent || '' : '';
      if (line.includes('Given') && !(name in scan.given)) scan.given[name] = at;
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

async function api<T>(baseURL: string, token: string, method: string, p: string, body?: unknown) {
  const res = await fetch(`${baseURL}/api/v1/${p}`, {
    method,
    headers: { authtoken: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** /scan with the action chosen, the camera not yet on. */
async function openScan(page: Page) {
  await page.goto('/scan', { timeout: 120_000 });
  await page.getByRole('heading', { name: 'Scan to give', level: 1 }).waitFor({ timeout: 120_000 });
  const choice = page.getByRole('button', { name: new RegExp(`^${ACTION}`) });
  await choice.waitFor({ timeout: 120_000 });
  await choice.click();
  await page.getByText(`Each badge gets: ${ACTION}`).waitFor();
  // Choosing turns the camera on: off until the pass starts.
  await page.getByRole('button', { name: 'Turn the camera off' }).click();
}

/** Turns the camera on, lets the reel play through once, and reads what the page saw. */
async function scanPass(page: Page, badges: Badge[], online: boolean): Promise<PassFigures> {
  await page.getByRole('button', { name: 'Turn the camera on' }).click();
  const reelMs = badges.length * (REEL.emptySeconds + REEL.heldSeconds) * 1000;
  await page.waitForTimeout(reelMs + 3000);
  await page.getByRole('button', { name: 'Turn the camera off' }).click();
  if (online) await page.waitForTimeout(3000);
  const seen = await page.evaluate(
    () =>
      (
        window as unknown as {
          __scan: {
            appeared: number[];
            shown: Record<string, number>;
            given: Record<string, number>;
          };
        }
      ).__scan,
  );
  const figures: PassFigures = { shown: [], given: [], missed: 0 };
  // The camera starts anywhere in the reel: each line belongs to the last badge frame before it.
  for (const b of badges) {
    const shownAt = seen.shown[b.name];
    if (shownAt === undefined) {
      figures.missed++;
      continue;
    }
    const appeared = Math.max(...seen.appeared.filter((t) => t <= shownAt));
    figures.shown.push(shownAt - appeared);
    const givenAt = seen.given[b.name];
    if (givenAt !== undefined) figures.given.push(givenAt - appeared);
  }
  return figures;
}

async function pass(
  browser: Browser,
  baseURL: string,
  teacher: Session,
  badges: Badge[],
  online: boolean,
): Promise<{ figures: PassFigures; roundTripMs: number }> {
  const context: BrowserContext = await phoneContext(browser, baseURL, teacher, {
    permissions: ['camera'],
  });
  try {
    await context.addInitScript({ content: watchScript(ACTION) });
    let page = await phonePage(context);
    await openScan(page);
    // The service worker keeps the app; the class's badges are kept on the device.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 120_000,
    });
    const roundTripMs = await page.evaluate(async () => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await fetch(`/release.json?rt=${i}`, { cache: 'no-store' });
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[2]!;
    });
    if (!online) {
      await page.close();
      await context.setOffline(true);
      page = await phonePage(context, { offline: true });
      await page.goto('/scan', { timeout: 120_000 });
      await page.getByText('You are offline.').waitFor({ timeout: 120_000 });
      await page.getByText(`Each badge gets: ${ACTION}`).waitFor({ timeout: 120_000 });
    }
    return { figures: await scanPass(page, badges, online), roundTripMs };
  } finally {
    await context.close();
  }
}

export async function benchScan(): Promise<ScanFigures> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-scan-'));
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    const { baseURL } = server;
    const teacher = await signIn(baseURL, 'teacher1');
    const classes = await api<{ _id: string }[]>(baseURL, teacher.token, 'GET', 'periods');
    const printed: Badge[] = [];
    for (const c of classes) {
      const { badges } = await api<{ badges: Badge[] }>(baseURL, teacher.token, 'POST', 'badges', {
        periodId: c._id,
      });
      for (const b of badges)
        if (!printed.some((p) => p.studentId === b.studentId)) printed.push(b);
    }
    // The first class's students: the ones /scan keeps on the device for offline reads.
    const badges = printed.slice(0, BADGES);
    const video = path.join(scratch, 'reel.y4m');
    await writeFile(
      video,
      qrReel(
        badges.map((b) => b.code.replace('-', '')),
        REEL,
      ),
    );
    // The e2e tests' browser: its contexts on the servers' day (E2E_NOW, a Wednesday), so a give
    // is made on a school day.
    const browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const online = await pass(browser, baseURL, teacher, badges, true);
      const offline = await pass(browser, baseURL, teacher, badges, false);
      return { online: online.figures, offline: offline.figures, roundTripMs: online.roundTripMs };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

export function printScan(f: ScanFigures): void {
  const mark = (ok: boolean) => (ok ? 'good' : 'NOT GOOD');
  const line = (label: string, xs: number[], goal: number | null, missed: number) => {
    const p50 = percentile(xs, 50);
    const p95 = percentile(xs, 95);
    return `  ${label.padEnd(34)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms${goal === null ? '' : ` (${mark(p95 <= goal)}, goal ≤ ${goal} ms)`}  ×${(p95 / f.roundTripMs).toFixed(2)} of a round trip  (${xs.length} badges${missed ? `, ${missed} not read` : ''})`;
  };
  console.log(
    `\nScan to give on a mid-range phone (Chromium, ${CPU_SLOWDOWN}× CPU slowdown, Fast 3G, fake camera; ${BADGES} badges each way; a round trip to the server: ${f.roundTripMs.toFixed(0)} ms)`,
  );
  console.log(
    line('online: badge → name on screen', f.online.shown, GOAL.onlineMs, f.online.missed),
  );
  console.log(line('online: badge → "Given"', f.online.given, null, 0));
  console.log(
    line('offline: badge → name on screen', f.offline.shown, GOAL.offlineMs, f.offline.missed),
  );
}
