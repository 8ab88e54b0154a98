import fc from 'fast-check';
import { runDailyPoints } from '../src/jobs/daily-points.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePeriod, makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { ledgerDrift, schoolDay, typeByName } from './helpers/economy.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let school: SchoolRow;
let students: UserRow[];
let adminToken: string;
let teacherToken: string;
let days: string[];
let typeIds: string[];

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  const teacher = await makeUser(db, school, ['TEACHER']);
  const admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  students = [];
  for (let i = 0; i < 5; i++) students.push(await makeUser(db, school, ['STUDENT']));
  await makePeriod(db, school, teacher, students);
  adminToken = await signIn(ctx.app, admin);
  teacherToken = await signIn(ctx.app, teacher);
  const d = await schoolDay(db, school);
  days = [d];
  const { lastSchoolDay, addDays } = await import('@app/domain');
  const { loadCalendar } = await import('../src/modules/calendar/service.js');
  const cal = await loadCalendar(db, school);
  const prev = lastSchoolDay(cal, addDays(d, -1));
  if (prev) days.push(prev);
  typeIds = await Promise.all(['Helping others', 'Late to class', 'Leadership', 'Honor roll'].map(async (n) => (await typeByName(db, school, n)).id));
});

const op = fc.oneof(
  fc.record({ kind: fc.constant('give' as const), students: fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }), types: fc.subarray([0, 1, 2, 3], { minLength: 1 }), day: fc.nat(1), admin: fc.boolean() }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), points: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('absent' as const), student: fc.nat(4), day: fc.nat(1), remove: fc.boolean() }),
  fc.record({ kind: fc.constant('daily' as const), day: fc.nat(1) }),
);

describe('ledger property', () => {
  it('after any sequence of gives, edits, deletes, absences and daily runs every wallet equals its ledger and the rollup equals the activities', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'give') {
            const token = o.admin ? adminToken : teacherToken;
            const types = o.types.map((i) => typeIds[i]!).filter((_, k) => o.admin || o.types[k] !== 3); // Honor roll is admin-only
            if (!types.length) continue;
            const res = await call(ctx.app, 'POST', '/activity/bulk', {
              token,
              payload: { externalStudentIds: o.students.map((i) => students[i]!.externalId), activityTypes: types, date: days[o.day % days.length] },
            });
            expect(res.status).toBe(200);
          } else if (o.kind === 'absent') {
            const url = `/activity/absent/${students[o.student]!.id}?date=${days[o.day % days.length]}`;
            const res = await call(ctx.app, o.remove ? 'DELETE' : 'POST', url, { token: teacherToken });
            expect(res.status).toBe(200);
          } else if (o.kind === 'daily') {
            await runDailyPoints(ctx.database.db, school.id, days[o.day % days.length]!);
          } else {
            const list = await call(ctx.app, 'GET', '/activity/?limit=1000', { token: adminToken });
            if (!list.body.length) continue;
            const a = list.body[o.pick % list.body.length];
            if (o.kind === 'delete') expect((await call(ctx.app, 'DELETE', `/activity/${a._id}`, { token: adminToken })).status).toBe(200);
            else {
              const points = a.category === 'Flags' ? -o.points : o.points;
              expect((await call(ctx.app, 'PUT', `/activity/${a._id}`, { token: adminToken, payload: { points } })).status).toBe(200);
            }
          }
        }
        expect(await ledgerDrift(ctx.database.db, school.id)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
