import { eq } from 'drizzle-orm';
import { SCHOOL_MSG } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools, ssoConfigs, users } from '../src/db/schema.js';
import { issueSchoolToken } from '../src/modules/identity/school-tokens.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import { makeProduct } from './helpers/store.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  PASSWORD,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { startOidcProvider, type TestOidcProvider } from './helpers/oidc.js';
import { linkIn, readMail, startSmtpServer } from './helpers/smtp.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * The district console (docs/decisions/074-districts-and-their-owners.md,
 * docs/decisions/078-disabling-a-school.md): a super admin runs the schools of their own district;
 * a school admin reaches none of it; a disabled school's people sign in by no path.
 */
const BASE = 'http://localhost:4105';
const smtp = await startSmtpServer();
const ctx = useTestApp({ PUBLIC_URL: BASE, SMTP_URL: smtp.url });
let idp: TestOidcProvider;
afterAll(async () => {
  await smtp.stop();
  await idp?.stop();
});

let home: SchoolRow;
let sibling: SchoolRow;
let elsewhere: SchoolRow;
let owner: UserRow;
let ownerToken: string;
let adminToken: string;
let otherOwnerToken: string;
let teacher: UserRow;
let student: UserRow;

const newSchool = (code: string) => ({
  name: `School ${code}`,
  code,
  timeZone: 'America/New_York',
  schoolType: 'Elementary',
  storeModel: 'Delivery',
  hasHouseSystem: false,
  canTeacherGiveAll: true,
});

beforeAll(async () => {
  const db = ctx.database.db;
  home = await makeSchool(db);
  sibling = await makeSchool(db, { districtId: home.districtId });
  elsewhere = await makeSchool(db);
  owner = await makeUser(db, home, ['SUPER_ADMIN']);
  ownerToken = await signIn(ctx.app, owner);
  adminToken = await signIn(ctx.app, await makeUser(db, home, ['SCHOOL_ADMIN']));
  otherOwnerToken = await signIn(ctx.app, await makeUser(db, elsewhere, ['SUPER_ADMIN']));
  // The sibling school: a teacher giving to a student of their class.
  teacher = await makeUser(db, sibling, ['TEACHER']);
  student = await makeUser(db, sibling, ['STUDENT'], { gradeLevel: '4', externalId: 'sso-kid' });
  await makePeriod(db, sibling, teacher, [student]);
  const gave = await call(ctx.app, 'POST', '/activity/bulk', {
    token: await signIn(ctx.app, teacher),
    payload: {
      externalStudentIds: [student.externalId],
      activityTypes: [(await typeByName(db, sibling, 'Kindness')).id],
      date: await schoolDay(db, sibling),
    },
  });
  expect(gave.status, JSON.stringify(gave.body)).toBe(200);
  // …who spends 3 of the 5 points in the school store.
  const sticker = await makeProduct(db, sibling, { name: 'Sticker', price: 3, stock: 10 });
  const bought = await call(ctx.app, 'POST', '/api/v2/order', {
    token: await signIn(ctx.app, student),
    payload: { orderItems: [{ productId: sticker.id, quantity: 1 }] },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
});

describe('the district console', () => {
  it('lists the district’s schools with their counts and last activity; no other district’s', async () => {
    const res = await call(ctx.app, 'GET', '/district/schools', { token: ownerToken });
    expect(res.status).toBe(200);
    expect(res.body.schools.map((s: { _id: string }) => s._id).sort()).toEqual(
      [home.id, sibling.id].sort(),
    );
    const s = res.body.schools.find((x: { _id: string }) => x._id === sibling.id);
    expect(s).toMatchObject({ students: 1, staff: 1, classes: 1, disabled: false, mine: false });
    expect(s.lastActivity).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const mine = res.body.schools.find((x: { _id: string }) => x._id === home.id);
    expect(mine).toMatchObject({ mine: true, lastActivity: null });
    // The other district's owner sees only theirs.
    const theirs = await call(ctx.app, 'GET', '/district/schools', { token: otherOwnerToken });
    expect(theirs.body.schools.map((x: { _id: string }) => x._id)).toEqual([elsewhere.id]);
  });

  it('gives the district’s figures per school and in total, from the rollups', async () => {
    const res = await call(ctx.app, 'GET', '/district/figures', { token: ownerToken });
    expect(res.status).toBe(200);
    const s = res.body.schools.find((x: { _id: string }) => x._id === sibling.id);
    expect(s.year).toEqual({ pointsGiven: 5, pointsSpent: 3, activeStudents: 1, orders: 1 });
    expect(res.body.total.year).toEqual(s.year);
    // The give may be dated on a school day of last month; the order is today's.
    expect(res.body.total.month).toMatchObject({ pointsSpent: 3, orders: 1 });
    expect(res.body.total.month.pointsGiven).toBeLessThanOrEqual(5);
  });

  it('a school admin reaches no district call (403); another district’s owner gets 404 for our schools', async () => {
    for (const [method, url, payload] of [
      ['GET', '/district/schools', undefined],
      ['GET', '/district/figures', undefined],
      ['POST', '/district/schools', newSchool('NOPE')],
      [
        'POST',
        `/district/schools/${sibling.id}/invitations`,
        { firstName: 'A', lastName: 'B', email: 'a@b.org' },
      ],
      ['POST', `/district/schools/${sibling.id}/disable`, undefined],
      ['POST', `/district/schools/${sibling.id}/enable`, undefined],
    ] as const) {
      const res = await call(ctx.app, method, url, { token: adminToken, payload });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    for (const verb of ['disable', 'enable']) {
      const res = await call(ctx.app, 'POST', `/district/schools/${sibling.id}/${verb}`, {
        token: otherOwnerToken,
      });
      expect(res).toMatchObject({ status: 404, body: { message: 'School not found' } });
    }
    const invite = await call(ctx.app, 'POST', `/district/schools/${home.id}/invitations`, {
      token: otherOwnerToken,
      payload: { firstName: 'A', lastName: 'B', email: 'a@b.org' },
    });
    expect(invite.status).toBe(404);
    expect(
      (await ctx.database.db.select().from(schools).where(eq(schools.id, sibling.id)))[0]!
        .disabledAt,
    ).toBeNull();
  });

  it('creates a school the one way: checked, code unique whatever its case', async () => {
    const made = await call(ctx.app, 'POST', '/district/schools', {
      token: ownerToken,
      payload: newSchool('riverside'),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ code: 'RIVERSIDE', students: 0, disabled: false });
    const [row] = await ctx.database.db.select().from(schools).where(eq(schools.id, made.body._id));
    expect(row!.districtId).toBe(home.districtId);
    const twice = await call(ctx.app, 'POST', '/district/schools', {
      token: ownerToken,
      payload: newSchool('Riverside'),
    });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: SCHOOL_MSG.codeTaken('RIVERSIDE') },
    });
    for (const bad of [
      { timeZone: 'EST' },
      { schoolType: 'College' },
      { storeModel: 'Drone' },
      { code: 'a b' },
    ]) {
      const res = await call(ctx.app, 'POST', '/district/schools', {
        token: ownerToken,
        payload: { ...newSchool('BAD1'), ...bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toMatch(Object.keys(bad)[0]!);
    }
  });

  it('invites a school’s first admin with the invitation mail; they choose name and password and sign in as its admin', async () => {
    const email = 'first.admin@riverside.example.org';
    const res = await call(ctx.app, 'POST', `/district/schools/${sibling.id}/invitations`, {
      token: ownerToken,
      payload: { firstName: 'Robin', lastName: 'Hale', email },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const token = linkIn(await smtp.next(email), '/account-setup').searchParams.get('token')!;
    const done = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token, username: 'robin.hale', password: 'correct horse battery' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user).toMatchObject({ roles: ['SCHOOL_ADMIN'], firstName: 'Robin' });
    const [u] = await ctx.database.db.select().from(users).where(eq(users.id, res.body.userId));
    expect(u!.schoolId).toBe(sibling.id);
  });

  it('the invitation of a person of the school who reads Spanish is mailed in Spanish', async () => {
    const email = 'ana.ruiz@riverside.example.org';
    await makeUser(ctx.database.db, sibling, ['TEACHER'], { email, language: 'es' });
    const res = await call(ctx.app, 'POST', `/district/schools/${sibling.id}/invitations`, {
      token: ownerToken,
      payload: { firstName: 'Ana', lastName: 'Ruiz', email },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = readMail(await smtp.next(email));
    expect(mail.subject).toBe(`Configura tu cuenta de ${sibling.name}`);
    expect(mail.text).toContain(`Te invitaron a Merit Market en ${sibling.name}.`);
  });

  it('refuses to disable the owner’s own school', async () => {
    const res = await call(ctx.app, 'POST', `/district/schools/${home.id}/disable`, {
      token: ownerToken,
    });
    expect(res).toMatchObject({ status: 409, body: { message: SCHOOL_MSG.ownSchool } });
  });

  it('a disabled school: its sessions end and no sign-in path lets its people in; enabled, they sign in again', async () => {
    const db = ctx.database.db;
    const session = await signIn(ctx.app, student);
    const schoolToken = await issueSchoolToken(db, sibling.id, null, { userId: student.id });
    idp = await startOidcProvider({ redirectUris: [`${BASE}/login/clever`] });
    idp.accounts.set(student.externalId, {});
    await db.insert(ssoConfigs).values({
      schoolId: sibling.id,
      provider: 'clever',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    });
    const invited = await call(ctx.app, 'POST', `/district/schools/${sibling.id}/invitations`, {
      token: ownerToken,
      payload: { firstName: 'Lee', lastName: 'Park', email: 'lee@riverside.example.org' },
    });
    const link = linkIn(await smtp.next('lee@riverside.example.org'), '/account-setup');

    const off = await call(ctx.app, 'POST', `/district/schools/${sibling.id}/disable`, {
      token: ownerToken,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.disabled).toBe(true);

    const refused = { status: 403, body: { message: SCHOOL_MSG.disabled } };
    expect((await call(ctx.app, 'POST', '/auth/me', { token: session })).status).toBe(401);
    expect(
      await call(ctx.app, 'POST', '/auth/login', {
        payload: { username: student.username, password: PASSWORD },
      }),
    ).toMatchObject(refused);
    expect(
      await call(ctx.app, 'POST', '/auth/login/school', {
        payload: { externalSchoolId: sibling.externalId, token: schoolToken.token },
      }),
    ).toMatchObject(refused);
    const state = await call(
      ctx.app,
      'GET',
      `/auth/login/sso/state?provider=clever&school=${sibling.externalId}`,
    );
    const back = await idp.authorize(state.body.authorizationUrl, student.externalId);
    expect(
      await call(ctx.app, 'POST', '/auth/login/sso', {
        payload: {
          provider: 'clever',
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
        },
        headers: { cookie: String(state.headers['set-cookie']).split(';')[0]! },
      }),
    ).toMatchObject(refused);
    const setup = {
      token: link.searchParams.get('token'),
      username: 'lee.park',
      password: 'correct horse battery',
    };
    expect(await call(ctx.app, 'POST', '/auth/account-setup', { payload: setup })).toMatchObject(
      refused,
    );
    // Nothing was deleted; enabled again, the same people sign in (the unused link too); old sessions stay ended.
    const on = await call(ctx.app, 'POST', `/district/schools/${sibling.id}/enable`, {
      token: ownerToken,
    });
    expect(on.body).toMatchObject({ disabled: false, students: 1 });
    expect((await call(ctx.app, 'POST', '/auth/me', { token: session })).status).toBe(401);
    expect(await signIn(ctx.app, student)).toBeTruthy();
    const again = await call(ctx.app, 'POST', '/auth/account-setup', { payload: setup });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.user._id).toBe(invited.body.userId);
  });
});
