import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import type { ActivityItem } from '@app/domain';
import { apiGet, fullName, readLedger, type ClassStudent } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';
import { merits } from './helpers/words.js';

/** Giving to a whole group of a class, and taking the group's points of the day back. */

const { suite, test } = useE2E();
const get = <T>(token: string, path: string) => apiGet<T>(suite.server.baseURL, token, path);
const ledger = (token: string, studentId?: string) =>
  readLedger(suite.server.baseURL, token, studentId);

const monthDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
  });

describe('groups', () => {
  test('a teacher gives a bonus to a group and undoes the group’s points of the day', async ({
    page,
  }) => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher1');
    const classes = await get<{ _id: string; name: string }[]>(teacher.token, 'periods');
    const math6 = classes.find((c) => c.name === 'Math 6')!;
    const roster = (
      await get<{ students: ClassStudent[] }>(teacher.token, `activity/class-stats/${math6._id}`)
    ).students;
    const unique = roster.filter(
      (s) => roster.filter((o) => fullName(o) === fullName(s)).length === 1,
    );
    const members = unique.slice(-2);
    expect(members).toHaveLength(2);
    const options = await get<{ categories: { Bonuses: { name: string; points: number }[] } }>(
      teacher.token,
      'activity/options',
    );
    const bonus = options.categories.Bonuses.find((o) => o.name === 'Helping others')!;
    const tag = `e2e group ${Date.now()}`;
    const before = new Map(
      await Promise.all(
        members.map(async (s) => [s._id, await ledger(teacher.token, s._id)] as const),
      ),
    );

    await signIn(page, 'teacher1');
    await page.goto(`/class/${math6._id}`);
    await page
      .getByRole('checkbox', { name: `Select ${fullName(members[0]!)}`, exact: true })
      .waitFor();
    const date = await page.getByLabel('Date', { exact: true }).inputValue();

    // A group type "Tables" with one group of the two students.
    await page.getByRole('button', { name: 'Manage groups' }).click();
    const dialog = page.getByRole('dialog', { name: 'Groups' });
    await dialog.getByRole('button', { name: 'New group type' }).click();
    await dialog.getByRole('textbox', { name: 'Group type name' }).fill('Tables');
    await dialog.getByRole('textbox', { name: 'Group 1 name' }).fill('Table 1');
    const picker = dialog.getByRole('textbox', { name: 'Members of Table 1' });
    for (const s of members) {
      await picker.fill(s.lastName);
      await page
        .getByRole('option', { name: `${s.lastName}, ${s.firstName}`, exact: true })
        .click();
    }
    await picker.press('Tab');
    await dialog.getByRole('button', { name: 'Save groups' }).click();
    const undo = dialog.getByRole('button', {
      name: `Undo points given to Table 1 on ${monthDay(date)}`,
      exact: true,
    });
    await undo.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // "Select a group" ticks both members; the bonus goes through the group.
    await page.getByRole('textbox', { name: 'Select a group' }).click();
    await page.getByRole('option', { name: 'Table 1 (2)', exact: true }).click();
    for (const s of members)
      await expect
        .poll(() =>
          page.getByRole('checkbox', { name: `Select ${fullName(s)}`, exact: true }).isChecked(),
        )
        .toBe(true);
    await page.getByRole('button', { name: new RegExp(`^${bonus.name}`) }).click();
    await page.getByRole('textbox', { name: 'Comment (optional)' }).fill(tag);
    await page.getByRole('button', { name: 'Give to 2 students', exact: true }).click();
    await page.getByText(`Gave ${merits(bonus.points)} to 2 students`).waitFor();

    const tagged = async () =>
      (
        await get<ActivityItem[]>(
          teacher.token,
          `activity/?internalPeriodId=${math6._id}&limit=1000`,
        )
      ).filter((a) => a.comment === tag);
    const given = await tagged();
    expect(given.map((a) => a.studentId).sort()).toEqual(members.map((s) => s._id).sort());
    given.forEach((a) =>
      expect([a.activityType, a.points, a.date]).toEqual([bonus.name, bonus.points, date]),
    );

    // The groups dialog takes the group's points of the day back, after a confirmation.
    await page.getByRole('button', { name: 'Manage groups' }).click();
    await undo.click();
    await dialog
      .getByRole('button', {
        name: `Yes, undo points given to Table 1 on ${monthDay(date)}`,
        exact: true,
      })
      .click();
    await page.getByText('Removed 2 activities from Table 1.', { exact: true }).waitFor();
    expect(await tagged()).toEqual([]);

    // Each balance is back where it was, but for daily points the hourly job may have added meanwhile.
    for (const s of members) {
      const was = before.get(s._id)!;
      const now = await ledger(teacher.token, s._id);
      const added = [...now.activities.values()].filter((a) => !was.activities.has(a._id));
      const removed = [...was.activities.values()].filter((a) => !now.activities.has(a._id));
      expect(removed).toEqual([]);
      added.forEach((a) => expect(a.category).toMatch(/^Daily /));
      expect(now.balance).toBe(was.balance + added.reduce((n, a) => n + a.points, 0));
    }

    // A second undo finds nothing.
    await undo.click();
    await dialog
      .getByRole('button', {
        name: `Yes, undo points given to Table 1 on ${monthDay(date)}`,
        exact: true,
      })
      .click();
    await page
      .getByText(`Nothing was given to Table 1 on ${monthDay(date)}.`, { exact: true })
      .waitFor();
  });
});
