import { and, eq, sql } from 'drizzle-orm';
import { addDays, lastSchoolDay, todayIn, weekStart, type Role } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../src/db/client.js';
import { activityTypes, schools, studentDemographics, users } from '../src/db/schema.js';
import { moveOrders, writeOrders } from '../src/ledger/orders.js';
import type { ActivityTypeRow } from '../src/ledger/write.js';
import { loadCalendar } from '../src/modules/calendar/service.js';
import { setStudentDemographics } from '../src/modules/demographics/service.js';
import { economyReport } from '../src/modules/reports/economy.js';
import { readUpload } from '../src/modules/roster-import/files.js';
import { runningJobs } from '../src/modules/roster-import/jobs.js';
import { startImport } from '../src/modules/roster-import/service.js';
import { eraseStudent } from '../src/modules/settings/erase.js';
import { ledgerDrift, typeByName } from './helpers/economy.js';
import { makeSchool, makeUser, type SchoolRow, type UserRow } from './helpers/factories.js';
import { giveAs, sessionUser } from './helpers/pbis.js';
import { district, toCsv, type RosterCsv } from './helpers/roster-files.js';
import { freshDatabase } from './helpers/test-db.js';

/*
 * Issue 34's services, continued (pbis.test.ts has coaching and fairness): the economy report
 * for admins and store managers, demographics from the roster import, erasing them.
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

describe('the economy', () => {
  let eco: SchoolRow;
  let admin: UserRow;
  let kids: UserRow[];
  let today: string;

  beforeAll(async () => {
    eco = await makeSchool(db(), { timeZone: 'America/Los_Angeles' });
    admin = await person(['SCHOOL_ADMIN'], {}, eco);
    const teachers = [await person(['TEACHER'], {}, eco), await person(['TEACHER'], {}, eco)];
    kids = [];
    for (let i = 0; i < 4; i++) kids.push(await person(['STUDENT'], {}, eco));
    today = todayIn(eco.timeZone);
    const cal = await loadCalendar(db(), eco);
    const lastWeek = lastSchoolDay(cal, addDays(weekStart(today), -3))!;
    const bonus = await typeByName(db(), eco, 'Kindness'); // 5
    const flag = await typeByName(db(), eco, 'Late to class');
    const daily = await typeByName(db(), eco, 'Daily attendance'); // 2
    const payDay = await typeByName(db(), eco, 'Honor roll'); // 50
    await give(teachers[0]!, bonus, kids, lastWeek, eco); // 20
    await give(teachers[1]!, bonus, kids.slice(0, 1), today, eco); // 5
    await give(teachers[1]!, flag, kids.slice(1, 2), today, eco); // -3
    await give(null, daily, kids, today, eco); // 8, the daily run's
    await give(admin, payDay, kids.slice(0, 1), today, eco); // 50
    const [custom] = await db()
      .insert(activityTypes)
      .values({
        schoolId: eco.id,
        name: 'Line leader',
        category: 'Bonuses',
        points: 4,
        type: 'TEACHER_CUSTOM_ACTION',
        ownerId: teachers[0]!.id,
      })
      .returning();
    await give(teachers[0]!, custom!, kids.slice(0, 2), today, eco); // 8
    const order = (price: number, quantity = 1) => ({
      studentId: kids[0]!.id,
      store: 'School' as const,
      teacherId: null,
      estimatedDelivery: null,
      cutOffDate: null,
      placedBy: kids[0]!.id,
      items: [
        { productId: `p${price}`, name: `Item ${price}`, price, quantity, category: 'Items' },
      ],
    });
    const ids = await db().transaction((tx) =>
      writeOrders(tx, eco.id, today, new Date(), [order(10), order(20, 2), order(7)]),
    );
    await db().transaction((tx) => moveOrders(tx, eco.id, [ids[2]!], ['PENDING'], 'REFUNDED'));
  });

  it('admins read issuing by kind, spending, refunds and the outstanding balance by week', async () => {
    const r = await economyReport(db(), await auth(admin), { range: 'this-month' });
    expect(r.scope).toBe('school');
    const week = r.weeks.find((w) => w.weekStart === weekStart(today))!;
    expect(week).toEqual({
      weekStart: weekStart(today),
      issued: 5 + 8 + 8 + 50,
      issuedByKind: { bonuses: 5, custom: 8, daily: 8, payDay: 50 },
      spent: 50, // 10 and 2 × 20; the refunded 7 given back
      refunded: 7,
      yearEnd: 0,
      outstanding: expect.any(Number),
    });
    const [wallets] = rowsOf<{ total: number }>(
      await db().execute(
        sql`select coalesce(sum(balance), 0)::int as total from wallets where school_id = ${eco.id}`,
      ),
    );
    expect(r.weeks.at(-1)!.outstanding).toBe(wallets!.total);
    const earlier = r.weeks.at(-2);
    if (earlier) expect(earlier.outstanding).toBe(wallets!.total - (71 - 3 - 50));
    // Givers: 20 + 8 = 28, 5, 50 (the flag is no giving); the top 10% is one giver.
    expect(r.givers).toEqual({ median: 28, p90: 45.6, top10Share: 0.602 });
    expect(r.medianBalance).not.toBeNull();
    // Items bought: 10, 20, 20 (the refund is no purchase): a typical item costs 20.
    expect(r.priceIndexWeeks).not.toBeNull();
    expect(r.reading?.key).toMatch(/^reports\.economy\.reading\./);
    expect(await ledgerDrift(db(), eco.id)).toEqual([]);
  });

  it('a store manager reads the store’s half; a teacher nothing', async () => {
    const store = await auth(await person(['STORE_MANAGER'], {}, eco));
    const r = await economyReport(db(), store, { range: 'this-month' });
    expect(r.scope).toBe('store');
    expect(r.givers).toBeNull();
    expect(r.medianBalance).toBeNull();
    for (const w of r.weeks) {
      expect(w).toMatchObject({
        issued: null,
        issuedByKind: null,
        yearEnd: null,
        outstanding: null,
      });
    }
    expect(r.weeks.find((w) => w.weekStart === weekStart(today))).toMatchObject({
      spent: 50,
      refunded: 7,
    });
    expect(r.reading === null || r.reading.key === 'reports.economy.reading.index').toBe(true);
    await expect(
      economyReport(db(), await auth(await person(['TEACHER'], {}, eco)), {}),
    ).rejects.toMatchObject(forbidden);
  });
});

describe('demographics from the roster import, and erasing', () => {
  it('reads demographics.csv with the files: the students named get them, the program columns too', async () => {
    const s = await makeSchool(db(), { timeZone: 'America/Los_Angeles' });
    const admin = await auth(await person(['SCHOOL_ADMIN'], {}, s));
    const files: RosterCsv = {
      ...toCsv(district({ schoolExternalId: s.externalId, students: 3, teachers: 1 })),
      'demographics.csv':
        'sourcedId,status,dateLastModified,birthDate,sex,americanIndianOrAlaskaNative,asian,blackOrAfricanAmerican,nativeHawaiianOrOtherPacificIslander,white,demographicRaceTwoOrMoreRaces,hispanicOrLatinoEthnicity,metadata.ell,metadata.iep,metadata.504,metadata.frl\r\n' +
        'd-s0,active,,2013-04-02,female,false,true,false,false,false,false,false,true,false,false,true\r\n' +
        'd-s1,active,,,male,,,,,true,,true,,,,\r\n' +
        'd-t0,active,,,female,,,,,,,,,,,\r\n',
    };
    const read = readUpload(
      Object.entries(files).map(([name, t]) => ({ name, data: Buffer.from(t) })),
    );
    expect(read.files).toContain('demographics.csv');
    await startImport(database, admin, read, () => {});
    await Promise.allSettled(runningJobs());
    const rows = await db()
      .select({ externalId: users.externalId, d: studentDemographics })
      .from(studentDemographics)
      .innerJoin(
        users,
        and(
          eq(users.schoolId, studentDemographics.schoolId),
          eq(users.id, studentDemographics.studentId),
        ),
      )
      .where(eq(studentDemographics.schoolId, s.id))
      .orderBy(users.externalId);
    expect(rows.map((r) => r.externalId)).toEqual(['d-s0', 'd-s1']);
    expect(rows[0]!.d).toMatchObject({
      sex: 'female',
      asian: true,
      white: false,
      hispanicOrLatinoEthnicity: false,
      englishLearner: true,
      specialEducation: false,
      section504: false,
      freeReducedLunch: true,
    });
    expect(rows[1]!.d).toMatchObject({
      sex: 'male',
      white: true,
      asian: null,
      englishLearner: null,
    });
  });

  it('erasing a student erases their demographics', async () => {
    const admin = await auth(await person(['SCHOOL_ADMIN']));
    const kid = await person(['STUDENT'], { firstName: 'Zed', lastName: 'Zane' });
    await setStudentDemographics(db(), admin, kid.id, { white: true });
    await eraseStudent(db(), admin, kid.id, { confirm: 'Zed Zane' });
    const left = await db()
      .select()
      .from(studentDemographics)
      .where(
        and(eq(studentDemographics.schoolId, school.id), eq(studentDemographics.studentId, kid.id)),
      );
    expect(left).toEqual([]);
    // The school row carries the settings with their defaults.
    const [row] = await db().select().from(schools).where(eq(schools.id, school.id));
    expect(row!.pbisRatioWindow).toBe('this-week');
  });
});
