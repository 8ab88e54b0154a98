/**
 * Badges and /scan (issue 35) in Chromium: a teacher prints their class's badges (the PDF); on
 * /scan a give by a typed code and by a badge's QR code shown to a camera (Chromium's fake camera
 * playing a video the test draws); and offline: the app reloads with no network, three gives are
 * kept on the device, and when the network returns each reaches the server once, but the one for
 * a student erased meanwhile, which is shown with the server's message and can be dropped.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ActivityItem, SessionUser } from '@app/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, onTestFinished } from 'vitest';
import { pdfTexts } from '../apps/server/test/helpers/pdf-text.js';
import { apiLogin } from './helpers/api.js';
import { launchBrowser, signIn } from './helpers/browser.js';
import { apiGet, fullName, ledgerDiff, readLedger } from './helpers/ledger.js';
import { qrVideo } from './helpers/qr-video.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();

/** The demo's bonus every give of these tests gives. */
const ACTION = 'Homework complete';
const ACTION_POINTS = 2;

interface Badge {
  studentId: string;
  externalId: string;
  name: string;
  code: string;
}

let teacher: { token: string; user: SessionUser };
let admin: { token: string; user: SessionUser };
let classId: string;
let roster: { _id: string; firstName: string; lastName: string }[];
let badges: Badge[];
let scratch: string;

beforeAll(async () => {
  const { baseURL } = suite.server;
  [teacher, admin] = await Promise.all([apiLogin(baseURL, 'teacher1'), apiLogin(baseURL, 'admin')]);
  classId = (await apiGet<{ _id: string }[]>(baseURL, teacher.token, 'periods'))[0]!._id;
  roster = (await apiGet<{ students: typeof roster }>(baseURL, teacher.token, `periods/${classId}`))
    .students;
  expect(roster.length).toBeGreaterThanOrEqual(6);
  const res = await fetch(`${baseURL}/api/v1/badges`, {
    method: 'POST',
    headers: { authtoken: teacher.token, 'content-type': 'application/json' },
    body: JSON.stringify({ periodId: classId }),
  });
  expect(res.status).toBe(200);
  badges = ((await res.json()) as { badges: Badge[] }).badges;
  scratch = await mkdtemp(path.join(os.tmpdir(), 'scan-'));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The badge of the roster's student at `i`. */
const badgeOf = (i: number): Badge => badges.find((b) => b.studentId === roster[i]!._id)!;

/** The student's activities as the server lists them (the admin reads the whole school). */
const activitiesOf = (studentId: string) =>
  apiGet<ActivityItem[]>(
    suite.server.baseURL,
    admin.token,
    `activity/?studentId=${studentId}&limit=1000`,
  );

/** /scan with ACTION chosen. */
async function openScan(page: Page) {
  await page.goto('/scan');
  await page.getByRole('heading', { name: 'Scan to give', level: 1 }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${ACTION}`) }).click();
  await page.getByText(`Each badge gets: ${ACTION} (+${ACTION_POINTS})`).waitFor();
}

/** Types a code and gives. */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Badge code' }).fill(code);
  await page.getByRole('button', { name: 'Give', exact: true }).click();
}

/** The line of a give in "Latest gives". */
const resultOf = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ hasText: `${name}: ${ACTION} +${ACTION_POINTS}` })
    .first();

describe('badges', () => {
  test("a teacher prints their class's badges from the class page: the PDF", async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto(`/class/${classId}`);
    await page.getByRole('button', { name: 'Print badges' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print badges' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the badges' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^badges-.+\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texts = pdfTexts(pdf).join('\n');
    for (const s of roster) expect(texts).toContain(fullName(s));
    await dialog.getByRole('status').getByText('The PDF is downloading').waitFor();

    // The same file through the API: a PDF.
    const res = await fetch(`${suite.server.baseURL}/api/v1/badges.pdf?periodId=${classId}`, {
      headers: { authtoken: teacher.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});

describe('a lost badge', () => {
  test('an admin replaces it in Users and roles: the old code names no one, the new one does', async ({
    page,
  }) => {
    const badge = badgeOf(5);
    const byBadge = async (code: string) =>
      (
        await fetch(`${suite.server.baseURL}/api/v1/students/by-badge/${code}`, {
          headers: { authtoken: admin.token },
        })
      ).status;
    expect(await byBadge(badge.code)).toBe(200);
    await signIn(page, 'admin');
    await page.goto('/settings?tab=users');
    await page.getByRole('textbox', { name: 'Search users' }).fill(roster[5]!.lastName);
    await page.getByRole('button', { name: `Replace the badge of ${badge.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Replace the badge of ${badge.name}?` });
    await dialog.getByText('their old badge stops working at once').waitFor();
    await dialog.getByRole('button', { name: 'Replace the badge' }).click();
    const done = dialog.getByRole('status');
    await done.getByText(`New badge for ${badge.name}:`).waitFor();
    const code = /: (\S+)$/.exec((await done.textContent())!.trim())![1]!;
    expect(code).not.toBe(badge.code);
    expect(await byBadge(badge.code)).toBe(404);
    expect(await byBadge(code)).toBe(200);
    // Its new badge, printed at once: a PDF.
    await dialog.getByRole('button', { name: 'Print the new badge' }).click();
    const print = page.getByRole('dialog', { name: 'Print badges' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      print.getByRole('button', { name: 'Download the badges' }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('/scan', () => {
  test('gives by a typed code, shows the student, and Undo takes it back', async ({ page }) => {
    const badge = badgeOf(0);
    const before = await activitiesOf(badge.studentId);
    await signIn(page, 'teacher1');
    await openScan(page);

    // A typo the check symbol catches gives nothing.
    const typo = badge.code.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await typeCode(page, typo);
    await page.getByText(`“${typo}” is not a badge code`).first().waitFor();

    // Typed as people type: lower case, no dash.
    await typeCode(page, badge.code.toLowerCase().replace('-', ''));
    const line = resultOf(page, badge.name);
    await line.getByText('Given', { exact: true }).waitFor();
    const given = (await activitiesOf(badge.studentId)).filter(
      (a) => !before.some((b) => b._id === a._id),
    );
    expect(given.map((a) => [a.activityType, a.points, a.date])).toEqual([
      [ACTION, ACTION_POINTS, '2026-10-14'],
    ]);

    await line.getByRole('button', { name: `Undo the give to ${badge.name}` }).click();
    await line.getByText('Taken back').waitFor();
    expect((await activitiesOf(badge.studentId)).map((a) => a._id)).toEqual(
      before.map((a) => a._id),
    );
  });

  test('gives to a badge shown to the camera, once while it is held up', async () => {
    const badge = badgeOf(1);
    const before = await activitiesOf(badge.studentId);
    const video = path.join(scratch, 'badge.y4m');
    await writeFile(video, qrVideo(badge.code));
    const browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const context = await browser.newContext({
        baseURL: suite.server.baseURL,
        viewport: { width: 390, height: 844 },
      });
      await context.grantPermissions(['camera'], { origin: suite.server.baseURL });
      const page = await context.newPage();
      const errors: Error[] = [];
      page.on('pageerror', (e) => errors.push(e));
      await signIn(page, 'teacher1');
      await openScan(page);
      await page.getByRole('textbox', { name: 'Badge code' }).waitFor();
      await resultOf(page, badge.name)
        .getByText('Given', { exact: true })
        .waitFor({ timeout: 30_000 });
      // The video goes on showing the badge: no second give.
      await page.waitForTimeout(4_000);
      const given = (await activitiesOf(badge.studentId)).filter(
        (a) => !before.some((b) => b._id === a._id),
      );
      expect(given.map((a) => [a.activityType, a.points])).toEqual([[ACTION, ACTION_POINTS]]);
      expect(await page.getByRole('listitem').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test(
    'offline: the app reloads, three gives wait on the device and reach the server once each when the network returns; a refused one is shown and dropped',
    { timeout: 120_000 },
    async () => {
      const [a, b, c] = [badgeOf(2), badgeOf(3), badgeOf(4)];
      const { baseURL } = suite.server;
      // The one context of the suite with the app's service worker: it serves the app offline.
      const context = await suite.browser.newContext({
        baseURL,
        viewport: { width: 1280, height: 800 },
        serviceWorkers: 'allow',
      });
      onTestFinished(() => context.close());
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const pageErrors: Error[] = [];
      page.on('pageerror', (err) => pageErrors.push(err));
      await signIn(page, 'teacher1');
      await openScan(page);
      // The service worker takes the page, then a reload online leaves it the reads it keeps and
      // the class's badges on the device.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const kept = page.waitForResponse(
        (r) => r.url().includes('/api/v1/badges') && r.request().method() === 'POST',
      );
      await page.reload();
      await kept;
      await expect
        .poll(() => knownBadges(page, teacher.user._id), { timeout: 10_000 })
        .toContain(c.code.replace('-', ''));
      const ledgers = await Promise.all(
        [a, b].map((s) => readLedger(baseURL, admin.token, s.studentId)),
      );

      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Scan to give', level: 1 }).waitFor();
      await page.getByText('You are offline.').waitFor();
      await page.getByText(`Each badge gets: ${ACTION} (+${ACTION_POINTS})`).waitFor();
      for (const s of [a, b, c]) {
        await typeCode(page, s.code);
        await resultOf(page, s.name).getByText('Kept on this device: waiting to send').waitFor();
      }
      await page.getByText('Waiting to send (3)').waitFor();

      // Meanwhile the school erases the third student: their give will be refused.
      const erased = await fetch(`${baseURL}/api/v1/settings/users/${c.studentId}/erase`, {
        method: 'POST',
        headers: { authtoken: admin.token, 'content-type': 'application/json' },
        body: JSON.stringify({ confirm: c.name }),
      });
      expect(erased.status).toBe(200);

      await page.context().setOffline(false);
      const refused = page.getByRole('listitem').filter({
        has: page.getByRole('button', { name: `Drop the give to ${c.name}` }),
      });
      await refused.waitFor({ timeout: 20_000 });
      await refused.getByText(`Unknown student: ${c.externalId}`).waitFor();
      await page.getByText(/^Waiting to send \(\d+\)$/).waitFor({ state: 'detached' });
      for (const s of [a, b])
        await resultOf(page, s.name).getByText('Given', { exact: true }).waitFor();

      // Each give reached the server once, of today, and the books balance.
      for (const [i, s] of [a, b].entries()) {
        const diff = ledgerDiff(ledgers[i]!, await readLedger(baseURL, admin.token, s.studentId));
        expect(diff.added.map((x) => [x.activityType, x.points, x.date])).toEqual([
          [ACTION, ACTION_POINTS, '2026-10-14'],
        ]);
        expect(diff.removed).toEqual([]);
        expect(diff.delta).toBe(ACTION_POINTS);
      }

      await refused.getByRole('button', { name: `Drop the give to ${c.name}` }).click();
      await refused.waitFor({ state: 'detached' });
      await page.getByText('Gives the server did not accept').waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
    },
  );
});

/** The badge codes this device keeps for the giver (IndexedDB, as the app writes it). */
function knownBadges(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(
    (key) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('merit-market-gives');
        // Not made yet: leave it to the app to make (with its store).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          try {
            const read = open.result.transaction('gives').objectStore('gives').get(key);
            read.onsuccess = () => resolve(Object.keys((read.result ?? {}) as object));
            read.onerror = () => resolve([]);
          } catch {
            resolve([]);
          }
        };
      }),
    `badges:${userId}`,
  );
}
