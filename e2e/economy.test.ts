import { lastSchoolDay, type ActivityOptions } from '@app/domain';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import { signIn } from './helpers/browser.js';
import { apiGet, fullName, ledgerDiff, readLedger, type ClassStudent } from './helpers/ledger.js';
import { useE2E } from './helpers/suite.js';
import { merits } from './helpers/words.js';

/** The points economy end to end: a teacher gives in class, students see it, an admin gives to a house. */

const { suite, test } = useE2E();
const get = <T>(token: string, path: string) => apiGet<T>(suite.server.baseURL, token, path);
const ledger = (token: string, studentId?: string) =>
  readLedger(suite.server.baseURL, token, studentId);
const diff = ledgerDiff;

const usernameOf = (externalStudentId: string) =>
  `student${Number(externalStudentId.slice(1)) - 1000}`;
const starting = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function giveInClass(
  page: Page,
  students: ClassStudent[],
  action: string,
  comment: string,
  label: string,
) {
  for (const s of students)
    await page.getByRole('checkbox', { name: `Select ${fullName(s)}`, exact: true }).check();
  await page.getByRole('button', { name: starting(action) }).click();
  await page.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);
  await page.getByRole('button', { name: label, exact: true }).click();
}

describe('the points economy', () => {
  test('a teacher gives a bonus to three students and a flag to one; they see it; an admin gives to a house', async ({
    page,
  }) => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher1');
    const classes = await get<{ _id: string; name: string; periodNumber: number }[]>(
      teacher.token,
      'periods',
    );
    const math6 = classes.find((c) => c.name === 'Math 6')!;
    const roster = (
      await get<{ students: ClassStudent[] }>(teacher.token, `activity/class-stats/${math6._id}`)
    ).students;
    const unique = roster.filter(
      (s) => roster.filter((o) => fullName(o) === fullName(s)).length === 1,
    );
    const chosen = unique.slice(0, 3);
    const flagged = chosen[1]!;
    const options = await get<ActivityOptions>(teacher.token, 'activity/options');
    const bonus = options.categories.Bonuses.find((o) => o.name === 'Helping others')!;
    const flag = options.categories.Flags.find((o) => o.name === 'Late to class')!;
    const tag = `e2e ${Date.now()}`;

    const sessions = new Map(
      await Promise.all(
        chosen.map(
          async (s) =>
            [
              s._id,
              (await apiLogin(suite.server.baseURL, usernameOf(s.externalStudentId))).token,
            ] as const,
        ),
      ),
    );
    const before = new Map(
      await Promise.all(
        chosen.map(async (s) => [s._id, await ledger(sessions.get(s._id)!)] as const),
      ),
    );

    // The teacher opens the class from the class list and gives.
    await signIn(page, 'teacher1');
    await page.goto('/classes');
    await page.getByRole('link', { name: '1st Period — Math 6' }).click();
    await page.getByRole('heading', { name: '1st Period — Math 6', level: 1 }).waitFor();
    await page
      .getByRole('checkbox', { name: `Select ${fullName(chosen[0]!)}`, exact: true })
      .waitFor();
    // The date defaults to the latest school day (today may be a weekend or a holiday).
    const cal = await get<{
      start: string;
      end: string;
      givingStartDate: string;
      today: string;
      holidays: { date: string }[];
    }>(teacher.token, 'calendar');
    const date = await page.getByLabel('Date', { exact: true }).inputValue();
    expect(date).toBe(
      lastSchoolDay(
        {
          yearStart: cal.start,
          yearEnd: cal.end,
          givingStart: cal.givingStartDate,
          holidays: cal.holidays.map((h) => h.date),
        },
        cal.today,
      ),
    );

    await giveInClass(page, chosen, bonus.name, `${tag} bonus`, 'Give to 3 students');
    await page.getByText(`Gave ${merits(bonus.points)} to 3 students`).waitFor();
    await giveInClass(page, [flagged], flag.name, `${tag} flag`, 'Give to 1 student');
    await page.getByText(`Took ${merits(-flag.points)} from 1 student`).waitFor();

    // Each student's ledger gained the bonus (and the flag for one), and the balance moved by exactly that.
    const after = new Map<string, Awaited<ReturnType<typeof ledger>>>();
    for (const s of chosen) {
      const now = await ledger(sessions.get(s._id)!);
      after.set(s._id, now);
      const d = diff(before.get(s._id)!, now);
      const mine = d.added.filter((a) => a.comment.startsWith(tag));
      const expected = s._id === flagged._id ? [bonus.points, flag.points].sort() : [bonus.points];
      expect(mine.map((a) => a.points).sort()).toEqual(expected);
      expect(mine.map((a) => a.activityType).sort()).toEqual(
        s._id === flagged._id ? [bonus.name, flag.name].sort() : [bonus.name],
      );
      mine.forEach((a) => expect(a.date).toBe(date));
      expect(d.delta).toBe(d.net);
    }

    // Each student sees it in My Activity, with the balance the API reports.
    for (const s of chosen) {
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signIn(page, usernameOf(s.externalStudentId));
      await page.goto('/activity');
      const { balance } = await get<{ balance: number }>(
        sessions.get(s._id)!,
        'utility/student/balance/stats',
      );
      expect(balance).toBe(after.get(s._id)!.balance);
      await page
        .getByRole('heading', { name: `Balance ${balance} ${balance === 1 ? 'Merit' : 'Merits'}` })
        .waitFor();
      const bonusRow = page.getByRole('row').filter({ hasText: `${tag} bonus` });
      await bonusRow.waitFor();
      expect(await bonusRow.innerText()).toContain(bonus.name);
      expect(await bonusRow.innerText()).toContain(`+${bonus.points}`);
      const flagRow = page.getByRole('row').filter({ hasText: `${tag} flag` });
      if (s._id === flagged._id) {
        await flagRow.waitFor();
        expect(await flagRow.innerText()).toContain(flag.name);
        expect(await flagRow.innerText()).toContain(`−${-flag.points}`);
      } else expect(await flagRow.count()).toBe(0);
    }

    // The admin gives a bonus to the whole house amistad.
    const admin = await apiLogin(suite.server.baseURL, 'admin');
    const everyone = await get<(ClassStudent & { house: string | null })[]>(
      admin.token,
      'school/students',
    );
    const amistad = everyone.filter((s) => s.house === 'amistad');
    expect(amistad.length).toBeGreaterThan(0);
    const adminOptions = await get<ActivityOptions>(admin.token, 'activity/options');
    const houseBonus = adminOptions.categories.Bonuses.find((o) => o.name === 'Leadership')!;
    const houseBefore = new Map(
      await Promise.all(
        amistad.map(async (s) => [s._id, await ledger(admin.token, s._id)] as const),
      ),
    );

    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'admin');
    await page.goto('/bonuses-flags');
    await page.getByText('Houses', { exact: true }).click();
    await page.getByText(/^Amistad · \d+$/).click();
    await page.getByRole('button', { name: starting(houseBonus.name) }).click();
    await page.getByRole('textbox', { name: 'Comment (optional)' }).fill(`${tag} house`);
    await page.getByRole('button', { name: 'Give to house Amistad', exact: true }).click();
    // A whole house is many students: the panel asks first, with what will happen.
    const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
    await confirm.getByText(`Give ${merits(houseBonus.points)} each to house Amistad?`).waitFor();
    await confirm.getByRole('button', { name: 'Yes, give them' }).click();
    await page
      .getByRole('alert', { name: 'Done' })
      .filter({ hasText: `Gave ${merits(houseBonus.points)} to ${amistad.length} students` })
      .waitFor();

    for (const s of amistad) {
      const d = diff(houseBefore.get(s._id)!, await ledger(admin.token, s._id));
      const mine = d.added.filter((a) => a.comment === `${tag} house`);
      expect(mine.map((a) => [a.activityType, a.points])).toEqual([
        [houseBonus.name, houseBonus.points],
      ]);
      expect(d.delta).toBe(d.net);
      // Besides the bonus, only the hourly daily-points job could have changed the balance meanwhile.
      const others = d.net - houseBonus.points;
      expect(d.delta).toBe(houseBonus.points + others);
      expect(d.added.length + d.removed.length === 1 ? d.delta : houseBonus.points).toBe(
        houseBonus.points,
      );
    }
  });
});

describe('the class giving tools', () => {
  test('a teacher pins an action, marks a student absent, and hears the limit on custom bonuses', async ({
    page,
  }) => {
    const teacher = await apiLogin(suite.server.baseURL, 'teacher3');
    const classes = await get<{ _id: string; name: string }[]>(teacher.token, 'periods');
    const english = classes.find((c) => c.name === 'English 6')!;
    // Four custom bonuses already; the fifth is added through the page, the sixth is refused.
    for (const name of ['Tidy desk', 'Quiet work', 'Team spirit', 'Good question']) {
      const res = await fetch(`${suite.server.baseURL}/api/v1/activity/options/custom`, {
        method: 'POST',
        headers: { authtoken: teacher.token, 'content-type': 'application/json' },
        body: JSON.stringify({ name, category: 'Bonuses', points: 2 }),
      });
      expect(res.status).toBe(200);
    }

    await signIn(page, 'teacher3');
    await page.goto(`/class/${english._id}`);
    const panel = page.locator('#give-panel');

    await panel.getByRole('button', { name: 'Pin Kindness', exact: true }).click();
    await panel
      .getByRole('group', { name: 'Pinned' })
      .getByRole('button', { name: /^Kindness/ })
      .waitFor();
    await page.reload();
    await panel
      .getByRole('group', { name: 'Pinned' })
      .getByRole('button', { name: /^Kindness/ })
      .waitFor();

    const addCustom = async (name: string) => {
      await panel.getByRole('button', { name: 'New custom action' }).click();
      const form = panel.getByRole('form', { name: 'New custom action' });
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('button', { name: 'Add bonus' }).click();
      return form;
    };
    await addCustom('Star reader');
    await panel
      .getByRole('group', { name: 'Bonuses' })
      .getByRole('button', { name: /^Star reader/ })
      .waitFor();
    const form = await addCustom('One too many');
    await form
      .getByRole('alert')
      .filter({ hasText: 'Maximum 5 custom Bonuses are allowed.' })
      .waitFor();

    const date = await page.getByLabel('Date', { exact: true }).inputValue();
    // The demo has a few students absent on its recent school days (the page's date when today is
    // a holiday or a weekend): take one who is present that day.
    const roster = (
      await get<{ students: (ClassStudent & { absent: boolean })[] }>(
        teacher.token,
        `activity/class-stats/${english._id}?date=${date}`,
      )
    ).students;
    const student = roster.find((s) => !s.absent)!;
    // The switch's input sits under its drawn track: click the label that wraps both, as a user does.
    const absent = page.getByRole('switch', { name: `Absent: ${fullName(student)}` });
    await absent.locator('xpath=ancestor::label[1]').click();
    await expect.poll(() => absent.isChecked()).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await get<{ students: (ClassStudent & { absent: boolean })[] }>(
              teacher.token,
              `activity/class-stats/${english._id}?date=${date}`,
            )
          ).students.find((s) => s._id === student._id)?.absent,
      )
      .toBe(true);
  });
});
