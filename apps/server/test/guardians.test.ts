import { and, eq } from 'drizzle-orm';
import { clockNow, EMAIL_LINK_ANSWER } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardianDigestOptouts, guardianStudents, users } from '../src/db/schema.js';
import { writeActivities } from '../src/ledger/write.js';
import { sendWeeklyDigests } from '../src/modules/guardians/digest.js';
import { createMailer } from '../src/lib/mailer.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { readMail, startSmtpServer, type ReceivedMail } from './helpers/smtp.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * Guardians (docs/decisions/115-guardians.md): a guardian reads their own children's figures through
 * the calls staff use, and nothing else; a school admin invites one by e-mail; a one-time e-mailed
 * sign-in link; the weekly digest with its one-click unsubscribe. Mail through SMTP on loopback.
 */
const smtp = await startSmtpServer();
const BASE = 'http://localhost:4115';
const ctx = useTestApp({ PUBLIC_URL: BASE, SMTP_URL: smtp.url });
afterAll(() => smtp.stop());

/**
 * A mail's text as its reader sees it: the transfer encoding its header names undone (undoing
 * quoted-printable in a 7-bit mail turned a link's `=A3…` into a byte once in 16 links).
 */
const textOf = (m: ReceivedMail) => readMail(m).text;
const urlIn = (text: string, re: RegExp) => {
  const m = re.exec(text);
  if (!m) throw new Error(`no link in:\n${text}`);
  return new URL(m[0]);
};

let school: SchoolRow;
let other: SchoolRow;
let admin: UserRow;
let adminToken: string;
let teacher: UserRow;
let child: UserRow;
let sibling: UserRow;
let stranger: UserRow;
let strangerB: UserRow;
let guardian: UserRow;
let guardianToken: string;

beforeAll(async () => {
  const db = ctx.database.db;
  school = await makeSchool(db);
  other = await makeSchool(db);
  admin = await makeUser(db, school, ['SCHOOL_ADMIN']);
  adminToken = await signIn(ctx.app, admin);
  teacher = await makeUser(db, school, ['TEACHER']);
  child = await makeUser(db, school, ['STUDENT'], { firstName: 'Ana', gradeLevel: '7' });
  sibling = await makeUser(db, school, ['STUDENT'], { firstName: 'Beto', gradeLevel: '6' });
  stranger = await makeUser(db, school, ['STUDENT'], { firstName: 'Carla', gradeLevel: '7' });
  strangerB = await makeUser(db, other, ['STUDENT'], { gradeLevel: '7' });
  const period = await makePeriod(db, school, teacher, [child, sibling, stranger]);
  guardian = await makeUser(db, school, ['GUARDIAN'], {
    email: 'parent@example.org',
    firstName: 'Pat',
  });
  await db.insert(guardianStudents).values(
    [child, sibling].map((s) => ({
      schoolId: school.id,
      guardianId: guardian.id,
      studentId: s.id,
    })),
  );
  guardianToken = await signIn(ctx.app, guardian);
  const day = await schoolDay(db, school);
  const bonus = await typeByName(db, school, 'Kindness');
  for (const s of [child, stranger])
    await db.transaction((tx) =>
      writeActivities(tx, school.id, [{ studentId: s.id, type: bonus, points: 5 }], {
        date: day,
        comment: `Helped a classmate, ${s.firstName}`,
        periodId: period.id,
        groupId: null,
        givenBy: teacher.id,
      }),
    );
});

describe('a guardian reads their own children only', () => {
  const reads = (studentId: string) => [
    `/utility/student/balance/stats?studentId=${studentId}`,
    `/utility/student/dashboard/stats?studentId=${studentId}`,
    `/activity/?studentId=${studentId}`,
    `/api/v2/order/student?studentId=${studentId}`,
  ];

  it("answers a child's balance, dashboard, activity with the teacher's comment, and orders", async () => {
    for (const url of reads(child.id)) {
      const res = await call(ctx.app, 'GET', url, { token: guardianToken });
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const stats = await call(
      ctx.app,
      'GET',
      `/utility/student/balance/stats?studentId=${child.id}`,
      {
        token: guardianToken,
      },
    );
    expect(stats.body.balance).toBe(5);
    const list = await call(ctx.app, 'GET', `/activity/?studentId=${child.id}`, {
      token: guardianToken,
    });
    expect(list.body.map((a: { comment: string }) => a.comment)).toEqual([
      'Helped a classmate, Ana',
    ]);
  });

  it('lists their children by name, and nobody else', async () => {
    const res = await call(ctx.app, 'GET', '/guardian/children', { token: guardianToken });
    expect(res.body.map((c: { _id: string }) => c._id).sort()).toEqual(
      [child.id, sibling.id].sort(),
    );
  });

  it('refuses another student of the school (403), of another school (404), and naming no one (403)', async () => {
    for (const url of reads(stranger.id))
      expect((await call(ctx.app, 'GET', url, { token: guardianToken })).status, url).toBe(403);
    for (const url of reads(strangerB.id))
      expect((await call(ctx.app, 'GET', url, { token: guardianToken })).status, url).toBe(404);
    for (const url of ['/activity/', '/utility/student/balance/stats', '/api/v2/order/student'])
      expect((await call(ctx.app, 'GET', url, { token: guardianToken })).status, url).toBe(403);
  });

  it('changes nothing and sees nothing else of the school', async () => {
    const refused: [string, string, object?][] = [
      ['POST', '/activity/bulk', { externalStudentIds: [child.externalId], activityTypes: [] }],
      ['GET', '/school/students'],
      ['GET', '/calendar'],
      ['GET', '/products/school-store'],
      ['GET', '/cart'],
      ['GET', '/settings/guardians'],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(ctx.app, method as 'GET', url, { token: guardianToken, payload });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });

  it('a link ends with the student: a removed link refuses at once', async () => {
    const db = ctx.database.db;
    await db
      .delete(guardianStudents)
      .where(
        and(eq(guardianStudents.schoolId, school.id), eq(guardianStudents.studentId, sibling.id)),
      );
    const res = await call(
      ctx.app,
      'GET',
      `/utility/student/balance/stats?studentId=${sibling.id}`,
      {
        token: guardianToken,
      },
    );
    expect(res.status).toBe(403);
    await db
      .insert(guardianStudents)
      .values({ schoolId: school.id, guardianId: guardian.id, studentId: sibling.id });
  });
});

describe('inviting a guardian by e-mail', () => {
  it('makes the account, links the students, and mails an account setup in their language', async () => {
    const email = 'abuela@example.org';
    const res = await call(ctx.app, 'POST', '/settings/guardians', {
      token: adminToken,
      payload: {
        email,
        firstName: 'Rosa',
        lastName: 'Díaz',
        studentIds: [stranger.id],
        language: 'es',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ email, invited: true });
    const mail = textOf(await smtp.next(email));
    expect(mail).toContain('Hola, Rosa');
    expect(mail).toContain('Carla');
    const link = urlIn(mail, /https?:\/\/\S+\/account-setup\?token=[A-Za-z0-9_-]+/);
    expect(link.origin).toBe(BASE);
    const setup = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: {
        token: link.searchParams.get('token'),
        username: 'abuela.rosa',
        password: 'a garden of roses',
      },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const token = setup.body.token as string;
    const mine = await call(ctx.app, 'GET', `/activity/?studentId=${stranger.id}`, { token });
    expect(mine.status).toBe(200);
    const notMine = await call(ctx.app, 'GET', `/activity/?studentId=${child.id}`, { token });
    expect(notMine.status).toBe(403);

    const list = await call(ctx.app, 'GET', '/settings/guardians', { token: adminToken });
    expect(list.body.find((g: { email: string }) => g.email === email)).toMatchObject({
      hasPassword: true,
      children: [{ _id: stranger.id }],
    });
  });

  it('adds children to a guardian who has a password without a mail; refuses staff addresses and unknown students', async () => {
    const again = await call(ctx.app, 'POST', '/settings/guardians', {
      token: adminToken,
      payload: {
        email: 'ABUELA@example.org',
        firstName: 'R',
        lastName: 'D',
        studentIds: [child.id],
      },
    });
    expect(again.body).toMatchObject({ invited: false });
    await ctx.database.db
      .update(users)
      .set({ email: 'teach@example.org' })
      .where(eq(users.id, teacher.id));
    const staff = await call(ctx.app, 'POST', '/settings/guardians', {
      token: adminToken,
      payload: {
        email: 'teach@example.org',
        firstName: 'T',
        lastName: 'T',
        studentIds: [child.id],
      },
    });
    expect(staff.status).toBe(409);
    const foreign = await call(ctx.app, 'POST', '/settings/guardians', {
      token: adminToken,
      payload: {
        email: 'x@example.org',
        firstName: 'X',
        lastName: 'Y',
        studentIds: [strangerB.id],
      },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('signing in with a one-time e-mailed link', () => {
  it('mails a guardian a link that signs in once; the same answer for an unknown address', async () => {
    const unknown = await call(ctx.app, 'POST', '/auth/login/email-link', {
      payload: { email: 'nobody@example.org' },
    });
    expect(unknown.body).toEqual({ message: EMAIL_LINK_ANSWER });
    const res = await call(ctx.app, 'POST', '/auth/login/email-link', {
      payload: { email: 'Parent@example.org' },
    });
    expect(res.body).toEqual({ message: EMAIL_LINK_ANSWER });
    const link = urlIn(
      textOf(await smtp.next('parent@example.org')),
      /https?:\/\/\S+\/login\?link=[A-Za-z0-9_-]+/,
    );
    const token = link.searchParams.get('link');
    const used = await call(ctx.app, 'POST', '/auth/login/email-link/use', { payload: { token } });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.user._id ?? used.body.user.id).toBe(guardian.id);
    const again = await call(ctx.app, 'POST', '/auth/login/email-link/use', { payload: { token } });
    expect(again.status).toBe(400);
  });

  it('sends no link to a staff address', async () => {
    await call(ctx.app, 'POST', '/auth/login/email-link', {
      payload: { email: 'teach@example.org' },
    });
    await call(ctx.app, 'POST', '/auth/forgot-password', {
      payload: { email: 'teach@example.org' },
    });
    // The forgot-password mail comes; a sign-in link mail never does.
    const mail = textOf(await smtp.next('teach@example.org'));
    expect(mail).toContain('/reset-password?token=');
    expect(smtp.mails.filter((m) => m.to.includes('teach@example.org'))).toEqual([]);
  });
});

describe('the weekly digest', () => {
  const mailer = () =>
    createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'school@example.org' }, console);

  it("mails each guardian their children's week, with a one-click unsubscribe that stops the next ones", async () => {
    const db = ctx.database.db;
    const errors: unknown[] = [];
    await sendWeeklyDigests(db, mailer(), BASE, new Date(clockNow().getTime() + 86_400_000), (e) =>
      errors.push(e),
    );
    expect(errors).toEqual([]);
    const raw = await smtp.next('parent@example.org');
    const text = textOf(raw);
    expect(text).toContain('Hello Pat');
    expect(text).toMatch(/Ana \S+: received 5 Merits, spent 0 Merits; balance 5 Merits; no orders/);
    expect(text).not.toContain('Carla');
    const headers = raw.raw.replace(/\r\n\s+/g, ' ');
    expect(headers).toMatch(
      /List-Unsubscribe: <http:\/\/localhost:4115\/api\/v1\/guardian\/unsubscribe\?token=/,
    );
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const spanish = textOf(await smtp.next('abuela@example.org'));
    expect(spanish).toContain('recibió 5 Méritos');

    const link = urlIn(
      text,
      /https?:\/\/\S+\/guardian\/unsubscribe\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]+/,
    );
    const off = await call(ctx.app, 'GET', `${link.pathname}${link.search}`);
    expect(off).toMatchObject({
      status: 200,
      body: { message: 'You will get no more weekly mails from Merit Market.' },
    });
    const rows = await db
      .select()
      .from(guardianDigestOptouts)
      .where(eq(guardianDigestOptouts.guardianId, guardian.id));
    expect(rows).toHaveLength(1);
    const bad = await call(ctx.app, 'GET', `/guardian/unsubscribe?token=${school.id}.nothing`);
    expect(bad.status).toBe(400);

    await sendWeeklyDigests(db, mailer(), BASE, new Date(clockNow().getTime() + 86_400_000), (e) =>
      errors.push(e),
    );
    await smtp.next('abuela@example.org'); // she still gets hers, after which nothing more came for Pat
    expect(smtp.mails.filter((m) => m.to.includes('parent@example.org'))).toEqual([]);
  });
});

describe('erasing a student', () => {
  it('ends their guardians’ links: the guardian is refused them at once', async () => {
    const db = ctx.database.db;
    const kid = await makeUser(db, school, ['STUDENT'], { firstName: 'Dora', lastName: 'Erased' });
    await db
      .insert(guardianStudents)
      .values({ schoolId: school.id, guardianId: guardian.id, studentId: kid.id });
    const url = `/utility/student/balance/stats?studentId=${kid.id}`;
    expect((await call(ctx.app, 'GET', url, { token: guardianToken })).status).toBe(200);
    const erased = await call(ctx.app, 'POST', `/settings/users/${kid.id}/erase`, {
      token: adminToken,
      payload: { confirm: 'Dora Erased' },
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect((await call(ctx.app, 'GET', url, { token: guardianToken })).status).toBe(403);
  });
});
