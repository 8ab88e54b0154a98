import { addDays } from '@app/domain';
import { beforeAll, expect } from 'vitest';
import { writeOrders } from '../../src/ledger/orders.js';
import { schoolDay, typeByName } from './economy.js';
import {
  makeHouses,
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './factories.js';
import { makeProduct } from './store.js';
import { call, type TestContext, useTestApp } from './test-app.js';

export let ctx: TestContext;
export let school: SchoolRow;
export let teacher: UserRow;
export let teacher2: UserRow;
export let s1: UserRow;
export let s2: UserRow;
export let s3: UserRow;
export let periodId: string;
export let otherPeriodId: string;
export let day: string;
export let bonusPoints: number;
export let flagPoints: number;
export const tok: Record<string, string> = {};
export const range = () => `startDate=${addDays(day, -7)}&endDate=${day}`;

/** The shared setup of the reports tests: call once at the top of each of their files. */
export function useReportsSchool() {
  ctx = useTestApp();

  beforeAll(async () => {
    const db = ctx.database.db;
    school = await makeSchool(db);
    await makeHouses(db, school);
    teacher = await makeUser(db, school, ['TEACHER'], { firstName: 'Tess', lastName: 'Alpha' });
    teacher2 = await makeUser(db, school, ['TEACHER'], { firstName: 'Quiet', lastName: 'Omega' });
    s1 = await makeUser(db, school, ['STUDENT'], {
      gradeLevel: '7',
      house: 'altruismo',
      lastName: 'Able',
    });
    s2 = await makeUser(db, school, ['STUDENT'], {
      gradeLevel: '07',
      house: 'amistad',
      lastName: 'Baker',
    });
    s3 = await makeUser(db, school, ['STUDENT'], {
      gradeLevel: '8',
      house: 'amistad',
      lastName: 'Cole',
    });
    periodId = (await makePeriod(db, school, teacher, [s1, s2], { periodNumber: 2 })).id;
    otherPeriodId = (await makePeriod(db, school, teacher2, [s3], { periodNumber: 3 })).id;
    for (const [k, u] of Object.entries({
      teacher,
      teacher2,
      s1,
      admin: await makeUser(db, school, ['SCHOOL_ADMIN']),
      usage: await makeUser(db, school, ['TEACHER_USAGE_REPORTS']),
      students: await makeUser(db, school, ['SCHOOL_STUDENT_REPORTS']),
      dashboard: await makeUser(db, school, ['SCHOOL_DASHBOARD']),
      store: await makeUser(db, school, ['STORE_MANAGER']),
    }))
      tok[k] = await signIn(ctx.app, u);
    day = await schoolDay(db, school);
    const bonus = await typeByName(db, school, 'Kindness');
    const flag = await typeByName(db, school, 'Late to class');
    bonusPoints = bonus.points;
    flagPoints = -3; // a teacher's flag: the school's nonAdminFlagPoints (docs/decisions/008-flag-points.md)
    // Two bonuses to s1 and s2, a flag to s1, all by the teacher in the period on the school day.
    for (const payload of [
      {
        externalStudentIds: [s1.externalId, s2.externalId],
        internalPeriodId: periodId,
        activityTypes: [bonus.id],
        date: day,
      },
      {
        externalStudentIds: [s1.externalId],
        internalPeriodId: periodId,
        activityTypes: [bonus.id, flag.id],
        date: day,
      },
    ]) {
      const res = await call(ctx.app, 'POST', '/activity/bulk', { token: tok.teacher, payload });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // s1 spends 2 at the store.
    const product = await makeProduct(db, school, { name: 'Pencil', price: 2, stock: null });
    await db.transaction((tx) =>
      writeOrders(tx, school.id, day, new Date(), [
        {
          studentId: s1.id,
          store: 'School',
          teacherId: null,
          estimatedDelivery: null,
          cutOffDate: null,
          placedBy: s1.id,
          items: [
            { productId: product.id, name: 'Pencil', price: 2, quantity: 1, category: 'Items' },
          ],
        },
      ]),
    );
  });
}
