/**
 * Honest feedback (issue 8): a flag that also takes back the day's Daily Behavior points says both
 * amounts, in its toast and in the activity list, and Undo in the toast gives everything back.
 *
 * Daily Behavior points come from the daily job after a school day ends, which a fresh server has
 * not run yet; so this file prepares its own demo database with the job run for the last school
 * day (with the server's own code), then starts the built app on it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ActivityItem, ActivityOptions, ClassStudentStats } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.js';
import { runDailyPointsForAllSchools } from '../apps/server/src/jobs/daily-points.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { apiLogin } from './helpers/api.js';
import { launchBrowser, signIn, testWithPage } from './helpers/browser.js';
import { apiGet, fullName, ledgerDiff, readLedger, type Ledger } from './helpers/ledger.js';
import { startServer, type TestServer } from './helpers/server.js';
import { merits } from './helpers/words.js';

const postgresUrl = () => process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** The demo school, seeded, with the daily points of the last school day given (as the hourly job does). */
async function demoAfterDailyRun(): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const url = postgresUrl();
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  if (url) {
    const name = `e2e_feedback_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`).finally(() => admin.end());
    const u = new URL(url);
    u.pathname = `/${name}`;
    env = { DATABASE_URL: u.toString() };
    drop = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client
        .query(`drop database if exists ${name} with (force)`)
        .finally(() => client.end());
    };
  } else {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-feedback-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    drop = () => rm(dataDir, { recursive: true, force: true });
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR,
  });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db);
    const runs = await runDailyPointsForAllSchools(database.db);
    if (!runs.some((r) => r.given))
      throw new Error(`the daily points were not given: ${JSON.stringify(runs)}`);
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }
  await database.close();
  return { env, drop };
}

const suite = {} as { server: TestServer; browser: Browser; drop: () => Promise<void> };
beforeAll(async () => {
  const [prepared, browser] = await Promise.all([demoAfterDailyRun(), launchBrowser()]);
  suite.browser = browser;
  suite.drop = prepared.drop;
  suite.server = await startServer(prepared.env);
});
afterAll(async () => {
  await suite.browser?.close();
  await suite.server?.stop();
  await suite.drop?.();
});
const test = testWithPage(() => ({ browser: suite.browser, baseURL: suite.server.baseURL }));

const get = <T>(token: string, p: string) => apiGet<T>(suite.server.baseURL, token, p);
const ledger = (token: string, studentId: string) =>
  readLedger(suite.server.baseURL, token, studentId);
/** 'Oct 14, 2025', as the activity list writes a date. */
const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
/** Points as the app writes them: "+5", "−3" (a real minus sign). */
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

interface Setup {
  token: string;
  classId: string;
  flag: { name: string; points: number };
  /** The last school day, whose Daily Behavior points the job gave. */
  day: string;
  /** Students of the class with a unique name who received that day's Daily Behavior points. */
  candidates: { student: ClassStudentStats; behavior: ActivityItem; before: Ledger }[];
}

async function setup(): Promise<Setup> {
  const { token } = await apiLogin(suite.server.baseURL, 'teacher1');
  const classes = await get<{ _id: string; name: string }[]>(token, 'periods');
  const math6 = classes.find((c) => c.name === 'Math 6')!;
  const roster = (
    await get<{ students: ClassStudentStats[] }>(token, `activity/class-stats/${math6._id}`)
  ).students;
  const unique = roster.filter(
    (s) => roster.filter((o) => fullName(o) === fullName(s)).length === 1,
  );
  const options = await get<ActivityOptions>(token, 'activity/options');
  const flag = options.categories.Flags.find((o) => o.name === 'Late to class')!;
  const candidates: Setup['candidates'] = [];
  for (const student of unique) {
    const before = await ledger(token, student._id);
    const behavior = [...before.activities.values()]
      .filter((a) => a.category === 'Daily Behavior')
      .sort((a, b) => b.date.localeCompare(a.date))[0];
    if (behavior) candidates.push({ student, behavior, before });
    if (candidates.length === 4) break;
  }
  const day = candidates
    .map((c) => c.behavior.date)
    .sort()
    .at(-1)!;
  const thatDay = candidates.filter((c) => c.behavior.date === day);
  expect(thatDay.length, `students with Daily Behavior points on ${day}`).toBeGreaterThanOrEqual(2);
  return { token, classId: math6._id, flag, day, candidates: thatDay };
}

/** The teacher flags one student on the class page for `day`, as a user does. */
async function flagInClass(page: Page, s: Setup, student: ClassStudentStats) {
  await signIn(page, 'teacher1');
  await page.goto(`/class/${s.classId}`);
  const roster = page.getByRole('table', { name: /^Students/ });
  await roster.getByRole('checkbox').first().waitFor();
  await page.getByLabel('Date', { exact: true }).fill(s.day);
  await roster.getByRole('checkbox', { name: `Select ${fullName(student)}`, exact: true }).check();
  await page.getByRole('button', { name: new RegExp(`^${s.flag.name}`) }).click();
  // The action bar says what is about to happen, for which day.
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect
    .poll(() => bar.textContent())
    .toContain(`1 student selected · ${signed(s.flag.points)} ${s.flag.name}`);
  await page.getByRole('button', { name: 'Give to 1 student', exact: true }).click();
  return page.getByRole('alert').filter({ hasText: 'Flag given' });
}

/** The Balance cell of a student's row on the class roster. */
const rosterBalance = (page: Page, student: ClassStudentStats) =>
  page
    .getByRole('table', { name: /^Students/ })
    .getByRole('row')
    .filter({
      has: page.getByRole('checkbox', { name: `Select ${fullName(student)}`, exact: true }),
    })
    .getByRole('cell')
    .nth(2);

describe('honest feedback', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  }, 60_000);

  test("a flag that also takes back the day's Daily Behavior points shows both amounts, in the toast and in the activity list", async ({
    page,
  }) => {
    const { student, behavior, before } = s.candidates[0]!;
    const toast = await flagInClass(page, s, student);
    // The toast: the flag's points and the Daily Behavior points it took back.
    await toast.waitFor();
    await expect
      .poll(() => toast.textContent())
      .toContain(
        `Took ${merits(-s.flag.points)} from 1 student, and ${behavior.points} Daily Behavior points the day had already given`,
      );

    // The server agrees: the student lost both (the flag, and the behavior points removed).
    const after = await ledger(s.token, student._id);
    const d = ledgerDiff(before, after);
    expect(d.added.map((a) => [a.activityType, a.points, a.behaviorTakenBack])).toEqual([
      [s.flag.name, s.flag.points, -behavior.points],
    ]);
    expect(d.removed.map((a) => [a.category, a.date])).toEqual([['Daily Behavior', s.day]]);
    expect(d.delta).toBe(s.flag.points - behavior.points);

    // The class's activity list shows the flag with both amounts: "−3" and under it "−2 Daily Behavior".
    const row = page
      .getByRole('table', { name: 'Newest first' })
      .getByRole('row')
      .filter({ hasText: fullName(student) })
      .filter({ hasText: s.flag.name })
      .filter({ hasText: shortDate(s.day) });
    await expect.poll(() => row.count()).toBe(1);
    const points = row.getByRole('cell').nth(4);
    await expect
      .poll(() => points.textContent())
      .toBe(`${signed(s.flag.points)}${signed(-behavior.points)} Daily Behavior`);
    // And the roster's balance is the server's.
    await expect
      .poll(() => rosterBalance(page, student).textContent())
      .toBe(after.balance.toLocaleString('en-US'));
  });

  test("Undo in the toast brings the student's balance back, Daily Behavior points included", async ({
    page,
  }) => {
    const { student, behavior, before } = s.candidates[1]!;
    const toast = await flagInClass(page, s, student);
    await toast.waitFor();
    await expect
      .poll(() => toast.textContent())
      .toContain(`and ${behavior.points} Daily Behavior points`);
    // Given: the balance fell by the flag and the behavior points, on the server and on the roster.
    const flagged = await ledger(s.token, student._id);
    expect(flagged.balance).toBe(before.balance + s.flag.points - behavior.points);
    await expect
      .poll(() => rosterBalance(page, student).textContent())
      .toBe(flagged.balance.toLocaleString('en-US'));

    await toast.getByRole('button', { name: 'Undo' }).click();
    const undone = page.getByRole('alert').filter({ hasText: 'Undone' });
    await undone.waitFor();
    expect(await undone.textContent()).toContain('The points were taken back.');

    // Back where it was: the balance, and that day's Daily Behavior points in the ledger again.
    const after = await ledger(s.token, student._id);
    expect(after.balance).toBe(before.balance);
    const d = ledgerDiff(before, after);
    expect(d.added.filter((a) => a.category === 'Flags')).toEqual([]);
    expect(
      [...after.activities.values()]
        .filter((a) => a.category === 'Daily Behavior' && a.date === s.day)
        .map((a) => a.points),
    ).toEqual([behavior.points]);
    await expect
      .poll(() => rosterBalance(page, student).textContent())
      .toBe(before.balance.toLocaleString('en-US'));
  });
});
