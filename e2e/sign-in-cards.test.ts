/**
 * Sign-in cards (issue 32, docs/decisions/133-sign-in-cards.md) in Chromium: a teacher prints their
 * class's cards from the class page and gets the PDF; a student signs in on /login by typing a
 * card's code; another by showing a card's QR code to a camera (Chromium's fake camera playing a
 * video the test draws from the code's QR matrix); printing again ends the old cards.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { normalizeCardCode, type SessionUser } from '@app/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { pdfTexts } from '../apps/server/test/helpers/pdf-text.js';
import { apiLogin } from './helpers/api.js';
import { launchBrowser, pathnameOf, signIn } from './helpers/browser.js';
import { qrVideo } from './helpers/qr-video.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();

const CODE = /^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/;
let teacher: { token: string; user: SessionUser };
let classId: string;
let roster: { _id: string; firstName: string; lastName: string }[];
let scratch: string;

beforeAll(async () => {
  teacher = await apiLogin(suite.server.baseURL, 'teacher1');
  const api = (p: string) =>
    fetch(`${suite.server.baseURL}/api/v1/${p}`, { headers: { authtoken: teacher.token } });
  classId = ((await (await api('periods')).json()) as { _id: string }[])[0]!._id;
  roster = ((await (await api(`periods/${classId}`)).json()) as { students: typeof roster })
    .students;
  scratch = await mkdtemp(path.join(os.tmpdir(), 'sign-in-cards-'));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** New cards by the API, as the teacher: each student's code. */
async function printByApi(body: object): Promise<{ studentId: string; code: string }[]> {
  const res = await fetch(`${suite.server.baseURL}/api/v1/sign-in-cards`, {
    method: 'POST',
    headers: { authtoken: teacher.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { cards: { studentId: string; code: string }[] }).cards;
}

/** Who the page is signed in as now (the token the app keeps). */
async function signedInAs(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('authtoken'));
  const res = await fetch(`${suite.server.baseURL}/api/v1/auth/me`, {
    method: 'POST',
    headers: { authtoken: token ?? '' },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { _id: string })._id;
}

/** /login → "Sign in with my card" → the code typed → Sign in. */
async function typeCard(page: Page, code: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with my card' }).click();
  const field = page.getByRole('textbox', { name: 'Card code' });
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  await field.fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('sign-in cards', () => {
  test("a teacher prints their class's cards on the class page; a student signs in by typing one; printing again ends them", async ({
    page,
  }) => {
    await signIn(page, 'teacher1');
    await page.goto(`/class/${classId}`);
    await page.getByRole('button', { name: 'Print sign-in cards' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print sign-in cards' });
    await expect.poll(() => dialog.getByText('Old cards stop working').isVisible()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Make new cards and download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sign-in-cards-.+\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texts = pdfTexts(pdf);
    const codes = texts.filter((t) => CODE.test(t));
    expect(codes).toHaveLength(roster.length);
    for (const s of roster) expect(texts).toContain(`${s.firstName} ${s.lastName}`);
    await dialog.getByRole('status').getByText('The PDF is downloading').waitFor();

    // A student, in a browser of their own, types the first card's code as they like.
    const own = async <T>(use: (page: Page) => Promise<T>): Promise<T> => {
      const context = await suite.browser.newContext({ baseURL: suite.server.baseURL });
      try {
        return await use(await context.newPage());
      } finally {
        await context.close();
      }
    };
    await own(async (student) => {
      await typeCard(student, ` ${codes[0]!.toLowerCase().replace(/-/g, ' ')}`);
      await student.waitForURL((url) => !url.pathname.startsWith('/login'));
      expect(roster.map((s) => s._id)).toContain(await signedInAs(student));
    });

    // Printing again: the code of the first printing is refused like a wrong password.
    await printByApi({ periodId: classId });
    await own(async (student) => {
      await typeCard(student, codes[1]!);
      await student.getByRole('alert').getByText('Invalid username/password').waitFor();
      expect(pathnameOf(student)).toBe('/login');
      // A typo the card's check symbol catches is named as one, and nothing is sent.
      const typo = codes[1]!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      await student.getByRole('textbox', { name: 'Card code' }).fill(typo);
      await student.getByRole('button', { name: 'Sign in', exact: true }).click();
      await student.getByRole('alert').getByText('This code has a typo').waitFor();
    });
  });

  test('a student signs in by showing their card to the camera', { timeout: 120_000 }, async () => {
    const student = roster[roster.length - 1]!;
    const [card] = await printByApi({ studentIds: [student._id] });
    const video = path.join(scratch, 'card.y4m');
    await writeFile(video, qrVideo(normalizeCardCode(card!.code)!));
    const browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const context = await browser.newContext({ baseURL: suite.server.baseURL });
      await context.grantPermissions(['camera'], { origin: suite.server.baseURL });
      const page = await context.newPage();
      const errors: Error[] = [];
      page.on('pageerror', (e) => errors.push(e));
      await page.goto('/login?card');
      await page.getByRole('button', { name: 'Scan my card' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
      expect(await signedInAs(page)).toBe(student._id);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
