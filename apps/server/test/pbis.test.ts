import { addDays, lastSchoolDay, todayIn, weekStart, type Role } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../src/db/client.js';
import { type ActivityTypeRow } from '../src/ledger/write.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import {
  setStudentDemographics,
  studentDemographicsOf,
} from '../src/modules/demographics/service.js';
import { coachingOf, givingRatiosOf } from '../src/modules/reports/coaching.js';
import { equityReport } from '../src/modules/reports/equity.js';
import { schoolProfile, setSchoolProfile } from '../src/modules/settings/profile.js';
import { ledgerDrift, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { giveAs, sessionUser } from './helpers/pbis.js';
import { freshDatabase } from './helpers/test-db.js';

/*
 * Issue 34's services, called directly (the routes come with the contract of issue 33): a giver's
 * ratio and the students nobody recognised, the fairness report and its suppression, demographics
 * (who reads and edits them), the school's PBIS settings. On both databases; the day is the
 * suite's (Wednesday 2026-10-14, docs/testing-dates.md). The economy, the import: pbis-economy.test.ts.
 */

let database: Database;
let school: SchoolRow;
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  school = await makeSchool(db(), { timeZone: 'America/Los_Angeles' });
});
afterAll(async () => {
  await database?.close();
});

const auth = (u: { id: string; schoolId: string }) => sessionUser(db(), u);
const person = (roles: Role[], over: Parameters<typeof makeUser>[3] = {}, s = school) =>
  makeUser(db(), s, roles, over);
const give = (
  by: UserRow | null,
  type: ActivityTypeRow,
  students: UserRow[],
  date: string,
  s: SchoolRow = school,
) => giveAs(db(), s, by, type, students, date);
const forbidden = { status: 403 };

describe('coaching: a giver’s ratio and the students nobody recognised', () => {
  let teacher: UserRow;
  let other: UserRow;
  let kids: UserRow[];
  let today: string;
  let bonus: ActivityTypeRow;
  let flag: ActivityTypeRow;

  beforeAll(async () => {
    teacher = await person(['TEACHER']);
    other = await person(['TEACHER']);
    kids = [];
    for (const [first, last] of [
      ['Ana', 'Avila'],
      ['Ben', 'Brown'],
      ['Cy', 'Cole'],
      ['Di', 'Dunn'],
    ])
      kids.push(await person(['STUDENT'], { firstName: first, lastName: last }));
    await makePeriod(db(), school, teacher, kids);
    today = todayIn(school.timeZone);
    bonus = await typeByName(db(), school, 'Kindness');
    flag = await typeByName(db(), school, 'Late to class');
  });

  it('a teacher gives 3 bonuses and 1 flag and sees 3, 1, 3.0 against the target 4', async () => {
    const [ana, , cy] = kids;
    await give(teacher, bonus, [ana!], today);
    await give(teacher, bonus, [ana!], today);
    await give(teacher, bonus, [ana!], today);
    await give(teacher, flag, [cy!], today);
    // Another teacher's gives are theirs, not this teacher's.
    await give(other, flag, [ana!], today);
    const c = await coachingOf(db(), await auth(teacher), { range: 'this-week' });
    expect(c).toMatchObject({ positives: 3, correctives: 1, ratio: 3, target: 4 });
    expect(Object.keys(c).sort()).toEqual(
      ['correctives', 'positives', 'ratio', 'target', 'unrecognized'].sort(),
    );
    // Without a range the school's window (this week) counts; before this week nothing.
    expect(await coachingOf(db(), await auth(teacher), {})).toMatchObject({ positives: 3 });
    const lastWeek = addDays(weekStart(today), -1);
    const before = await coachingOf(db(), await auth(teacher), {
      startDate: addDays(lastWeek, -6),
      endDate: lastWeek,
    });
    expect(before).toMatchObject({ positives: 0, correctives: 0, ratio: null });
    expect(await ledgerDrift(db(), school.id)).toEqual([]);
  });

  it('lists the students of its classes nobody recognised in 10 school days, waiting longest first', async () => {
    const [, ben, , di] = kids;
    const cal = await loadCalendar(db(), school);
    const longAgo = lastSchoolDay(cal, addDays(today, -30))!;
    const lately = lastSchoolDay(cal, addDays(today, -5))!;
    await give(other, bonus, [ben!], longAgo);
    await give(other, bonus, [di!], lately);
    const c = await coachingOf(db(), await auth(teacher), {});
    expect(c.unrecognized).toEqual([
      { studentId: kids[2]!.id, name: 'Cy Cole', lastRecognized: null },
      { studentId: ben!.id, name: 'Ben Brown', lastRecognized: longAgo },
    ]);
    // A teacher of no class has no one to list.
    expect((await coachingOf(db(), await auth(other), {})).unrecognized).toEqual([]);
  });

  it('a student recognised today leaves unrecognized', async () => {
    await give(other, bonus, [kids[2]!], today);
    const c = await coachingOf(db(), await auth(teacher), {});
    expect(c.unrecognized.map((u) => u.name)).toEqual(['Ben Brown']);
  });

  it('follows the school’s target, window and recognition days', async () => {
    const admin = await auth(await person(['SCHOOL_ADMIN']));
    const profile = await schoolProfile(db(), admin);
    expect(profile).toMatchObject({
      pbisTargetRatio: 4,
      pbisRatioWindow: 'this-week',
      pbisRecognitionDays: 10,
      pbisCoordinatorIds: [],
    });
    const { code: _code, ...body } = profile;
    await setSchoolProfile(db(), admin, {
      ...body,
      schoolType: 'Middle',
      storeModel: 'Pickup',
      pbisTargetRatio: 5,
      pbisRecognitionDays: 40,
    });
    const c = await coachingOf(db(), await auth(teacher), {});
    expect(c.target).toBe(5);
    // 40 school days reach back past Ben's bonus of 30 days ago.
    expect(c.unrecognized).toEqual([]);
    await setSchoolProfile(db(), admin, {
      ...body,
      schoolType: 'Middle',
      storeModel: 'Pickup',
      pbisTargetRatio: 4,
      pbisRecognitionDays: 10,
    });
  });

  it('an unknown range word is 400', async () => {
    await expect(
      coachingOf(db(), await auth(teacher), { range: 'month-1999-01' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('the admin’s dashboard: each giver’s ratio, sortable, and the school’s', async () => {
    const admin = await auth(await person(['SCHOOL_ADMIN']));
    const r = await givingRatiosOf(db(), admin, {
      range: 'this-week',
      sort: 'ratio',
      order: 'asc',
    });
    const row = (u: UserRow) => r.givers.find((g) => g.giverId === u.id);
    expect(row(teacher)).toMatchObject({ positives: 3, correctives: 1, ratio: 3 });
    expect(row(other)).toMatchObject({ positives: 1, correctives: 1, ratio: 1 });
    expect(r.givers.indexOf(row(other)!)).toBeLessThan(r.givers.indexOf(row(teacher)!));
    expect(r.school).toEqual({ positives: 4, correctives: 2, ratio: 2 });
    expect(r.target).toBe(4);
    for (const roles of [['TEACHER'], ['STUDENT'], ['STORE_MANAGER']] as Role[][])
      await expect(
        givingRatiosOf(db(), await auth(await person(roles)), {
          sort: 'name',
          order: 'asc',
        }),
      ).rejects.toMatchObject(forbidden);
  });
});

describe('fairness by group', () => {
  let fair: SchoolRow;
  let admin: UserRow;
  let yes: UserRow[];
  let no: UserRow[];
  let unknown: UserRow[];

  beforeAll(async () => {
    fair = await makeSchool(db(), { timeZone: 'America/Los_Angeles' });
    admin = await person(['SCHOOL_ADMIN'], {}, fair);
    const many = async (n: number, grade: string) => {
      const out: UserRow[] = [];
      for (let i = 0; i < n; i++) out.push(await person(['STUDENT'], { gradeLevel: grade }, fair));
      return out;
    };
    yes = await many(9, '7');
    no = await many(20, '7');
    unknown = await many(10, '8');
    const me = await auth(admin);
    for (const s of yes)
      await setStudentDemographics(db(), me, s.id, { englishLearner: true, sex: 'female' });
    for (const [i, s] of no.entries())
      await setStudentDemographics(db(), me, s.id, {
        englishLearner: false,
        sex: i % 2 ? 'male' : 'female',
      });
    const today = todayIn(fair.timeZone);
    const bonus = await typeByName(db(), fair, 'Kindness');
    const flag = await typeByName(db(), fair, 'Late to class');
    await give(admin, bonus, [...no.slice(0, 10), ...unknown.slice(0, 5)], today, fair);
    await give(admin, flag, [...no.slice(0, 2), ...unknown.slice(0, 4)], today, fair);
  });

  it('a group of 9 is suppressed: every figure null; the next smallest too, so it cannot be subtracted out', async () => {
    const r = await equityReport(db(), await auth(admin), { by: 'ell' });
    expect(r.minGroupSize).toBe(10);
    expect(r.groups).toEqual([
      {
        group: 'yes',
        students: null,
        recognizedShare: null,
        bonusesPerStudent: null,
        flagsPerStudent: null,
        bonusRiskRatio: null,
        flagRiskRatio: null,
        suppressed: true,
      },
      {
        group: 'no',
        students: 20,
        recognizedShare: 0.5,
        bonusesPerStudent: 0.5,
        flagsPerStudent: 0.1,
        bonusRiskRatio: 1.9, // 10 of 20 against 5 of 19
        flagRiskRatio: 0.48, // 2 of 20 against 4 of 19
        suppressed: false,
      },
      expect.objectContaining({ group: 'unknown', students: null, suppressed: true }),
    ]);
  });

  it('groups by grade and by sex', async () => {
    const me = await auth(admin);
    const grade = await equityReport(db(), me, { by: 'grade', range: 'this-week' });
    expect(grade.groups).toEqual([
      expect.objectContaining({ group: '7', students: 29, suppressed: false }),
      expect.objectContaining({ group: '8', students: 10, suppressed: false }),
    ]);
    expect(grade.groups[1]).toMatchObject({ recognizedShare: 0.5, flagsPerStudent: 0.4 });
    const sex = await equityReport(db(), me, { by: 'sex' });
    expect(sex.groups.map((g) => [g.group, g.students])).toEqual([
      ['male', 10],
      ['female', 19],
      ['unknown', 10],
    ]);
  });

  it('a teacher, a student, a guardian and the school’s report readers are refused; a PBIS coordinator the school names reads it', async () => {
    for (const roles of [
      ['TEACHER'],
      ['STUDENT'],
      ['GUARDIAN'],
      ['STAFF', 'SCHOOLWIDE_REPORTS'],
      ['STORE_MANAGER'],
    ] as Role[][]) {
      const u = await auth(await person(roles, {}, fair));
      await expect(equityReport(db(), u, { by: 'race' })).rejects.toMatchObject(forbidden);
      await expect(studentDemographicsOf(db(), u, yes[0]!.id)).rejects.toMatchObject(forbidden);
    }
    const coordinator = await person(['TEACHER'], {}, fair);
    const kid = await person(['STUDENT'], {}, fair);
    const me = await auth(admin);
    const { code: _code, ...body } = await schoolProfile(db(), me);
    const profile = { ...body, schoolType: 'Middle' as const, storeModel: 'Pickup' as const };
    await expect(
      setSchoolProfile(db(), me, { ...profile, pbisCoordinatorIds: [kid.id] }),
    ).rejects.toMatchObject({ status: 400 });
    await setSchoolProfile(db(), me, { ...profile, pbisCoordinatorIds: [coordinator.id] });
    const c = await auth(coordinator);
    expect((await equityReport(db(), c, { by: 'ell' })).groups).toHaveLength(3);
    expect(await studentDemographicsOf(db(), c, yes[0]!.id)).toMatchObject({
      englishLearner: true,
      sex: 'female',
    });
    // Reading is not editing: a coordinator who is no admin changes nothing.
    await expect(
      setStudentDemographics(db(), c, yes[0]!.id, { englishLearner: false }),
    ).rejects.toMatchObject(forbidden);
    await setSchoolProfile(db(), me, { ...profile, pbisCoordinatorIds: [] });
    await expect(equityReport(db(), await auth(coordinator), { by: 'ell' })).rejects.toMatchObject(
      forbidden,
    );
  });

  it('an admin reads and edits one student’s demographics: fields sent change, the others stay; another school’s student is 404', async () => {
    const me = await auth(admin);
    const s = unknown[0]!;
    expect(await studentDemographicsOf(db(), me, s.id)).toMatchObject({
      studentId: s.id,
      sex: null,
      asian: null,
      englishLearner: null,
      updatedAt: null,
    });
    await setStudentDemographics(db(), me, s.id, { asian: true, hispanicOrLatinoEthnicity: false });
    const after = await setStudentDemographics(db(), me, s.id, { section504: true, asian: null });
    expect(after).toMatchObject({
      asian: null,
      hispanicOrLatinoEthnicity: false,
      section504: true,
    });
    expect(after.updatedAt).not.toBeNull();
    const stranger = await person(['STUDENT']);
    await expect(studentDemographicsOf(db(), me, stranger.id)).rejects.toMatchObject({
      status: 404,
    });
  });
});
