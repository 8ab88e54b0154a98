import { eq, sql } from 'drizzle-orm';
import { FORGOT_PASSWORD_ANSWER, MSG } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, passwordLinks, users } from '../src/db/schema.js';
import {
  makeSchool,
  makeUser,
  PASSWORD,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { linkIn, readMail, startSmtpServer } from './helpers/smtp.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * Account setup from an invitation and forgot/reset password (docs/decisions/050-invitations-and-account-setup.md and docs/decisions/051-forgot-and-reset-password.md), with the mail
 * going through a real SMTP server on loopback.
 */
const smtp = await startSmtpServer();
const ctx = useTestApp({ PUBLIC_URL: 'http://localhost:4105', SMTP_URL: smtp.url });
afterAll(() => smtp.stop());

let school: SchoolRow;
let admin: UserRow;
let adminToken: string;
const NEW_PASSWORD = 'correct horse battery';

beforeAll(async () => {
  school = await makeSchool(ctx.database.db);
  admin = await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']);
  adminToken = await signIn(ctx.app, admin);
});

/** A user as the roster import leaves them: no sign-in name, no password. */
async function importedUser(): Promise<UserRow> {
  const u = await makeUser(ctx.database.db, school, ['TEACHER']);
  await ctx.database.db.delete(credentials).where(eq(credentials.userId, u.id));
  return u;
}

describe('invitations and account setup', () => {
  it('mails a link that sets up the account once: name and password, signed in at once', async () => {
    const u = await importedUser();
    const email = `new-${u.id.slice(0, 8)}@example.org`;
    const sent = await call(ctx.app, 'POST', '/settings/invitations', {
      token: adminToken,
      payload: { userId: u.id, email },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const link = linkIn(await smtp.next(email), '/account-setup');
    expect(link.origin).toBe('http://localhost:4105');
    const token = link.searchParams.get('token')!;

    const info = await call(ctx.app, 'GET', `/auth/account-setup?token=${token}`);
    expect(info).toMatchObject({
      status: 200,
      body: { firstName: u.firstName, needsUsername: true, username: '' },
    });
    const needsName = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token, password: NEW_PASSWORD },
    });
    expect(needsName).toMatchObject({ status: 400, body: { message: MSG.usernameNeeded } });
    const common = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token, username: `t-${u.id.slice(0, 8)}`, password: 'password123' },
    });
    expect(common).toMatchObject({
      status: 400,
      body: { message: 'This password is too common. Choose another.' },
    });
    const short = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token, username: `t-${u.id.slice(0, 8)}`, password: 'abc' },
    });
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'The password must be at least 8 characters' },
    });
    const taken = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token, username: admin.username, password: NEW_PASSWORD },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: MSG.usernameTaken } });

    const done = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token, username: `T-${u.id.slice(0, 8)}`, password: NEW_PASSWORD },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user._id).toBe(u.id);
    const login = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: `t-${u.id.slice(0, 8)}`, password: NEW_PASSWORD },
    });
    expect(login.status).toBe(200);

    const again = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token, username: `x-${u.id.slice(0, 8)}`, password: NEW_PASSWORD },
    });
    expect(again).toMatchObject({ status: 400, body: { message: MSG.linkInvalid } });
    expect((await call(ctx.app, 'GET', `/auth/account-setup?token=${token}`)).status).toBe(400);
  });

  it('an invitation expires after 7 days, and a newer one replaces it', async () => {
    const u = await importedUser();
    const email = `late-${u.id.slice(0, 8)}@example.org`;
    await call(ctx.app, 'POST', '/settings/invitations', {
      token: adminToken,
      payload: { userId: u.id, email },
    });
    const first = linkIn(await smtp.next(email), '/account-setup').searchParams.get('token')!;
    const [row] = await ctx.database.db
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.userId, u.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
    await call(ctx.app, 'POST', '/settings/invitations', {
      token: adminToken,
      payload: { userId: u.id, email },
    });
    const second = linkIn(await smtp.next(email), '/account-setup').searchParams.get('token')!;
    expect((await call(ctx.app, 'GET', `/auth/account-setup?token=${first}`)).status).toBe(400);
    await ctx.database.db
      .update(passwordLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordLinks.userId, u.id));
    const late = await call(ctx.app, 'POST', '/auth/account-setup', {
      payload: { token: second, username: `late-${u.id.slice(0, 8)}`, password: NEW_PASSWORD },
    });
    expect(late).toMatchObject({ status: 400, body: { message: MSG.linkInvalid } });
  });

  it("a user who has a sign-in name keeps it and gets a new password; another school's user is not found", async () => {
    const u = await makeUser(ctx.database.db, school, ['STUDENT']);
    const email = `has-${u.id.slice(0, 8)}@example.org`;
    await call(ctx.app, 'POST', '/settings/invitations', {
      token: adminToken,
      payload: { userId: u.id, email },
    });
    const token = linkIn(await smtp.next(email), '/account-setup').searchParams.get('token')!;
    expect((await call(ctx.app, 'GET', `/auth/account-setup?token=${token}`)).body).toMatchObject({
      needsUsername: false,
      username: u.username,
    });
    expect(
      (
        await call(ctx.app, 'POST', '/auth/account-setup', {
          payload: { token, password: NEW_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(ctx.app, 'POST', '/auth/login', {
          payload: { username: u.username, password: NEW_PASSWORD },
        })
      ).status,
    ).toBe(200);

    const elsewhere = await makeUser(ctx.database.db, await makeSchool(ctx.database.db), [
      'STUDENT',
    ]);
    const res = await call(ctx.app, 'POST', '/settings/invitations', {
      token: adminToken,
      payload: { userId: elsewhere.id, email: 'x@example.org' },
    });
    expect(res.status).toBe(404);
  });
});

describe('forgot and reset password', () => {
  it('mails a link valid an hour that resets once and signs out every other session', async () => {
    const u = await makeUser(ctx.database.db, school, ['TEACHER']);
    const email = `reset-${u.id.slice(0, 8)}@example.org`;
    await ctx.database.db.update(users).set({ email }).where(eq(users.id, u.id));
    const oldSession = await signIn(ctx.app, u);

    const asked = await call(ctx.app, 'POST', '/auth/forgot-password', {
      payload: { email: email.toUpperCase() },
    });
    expect(asked).toMatchObject({ status: 200, body: { message: FORGOT_PASSWORD_ANSWER } });
    const token = linkIn(await smtp.next(email), '/reset-password').searchParams.get('token')!;
    const [row] = await ctx.database.db
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.userId, u.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3600 * 1000);

    const reset = await call(ctx.app, 'POST', '/auth/reset-password', {
      payload: { token, password: NEW_PASSWORD },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await call(ctx.app, 'POST', '/auth/me', { token: oldSession })).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/auth/me', { token: reset.body.token })).status).toBe(200);
    expect(
      (
        await call(ctx.app, 'POST', '/auth/login', {
          payload: { username: u.username, password: PASSWORD },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(ctx.app, 'POST', '/auth/login', {
          payload: { username: u.username, password: NEW_PASSWORD },
        })
      ).status,
    ).toBe(200);

    const twice = await call(ctx.app, 'POST', '/auth/reset-password', {
      payload: { token, password: 'another good one' },
    });
    expect(twice).toMatchObject({ status: 400, body: { message: MSG.linkInvalid } });
  });

  it('an expired link is refused', async () => {
    const u = await makeUser(ctx.database.db, school, ['STUDENT']);
    const email = `exp-${u.id.slice(0, 8)}@example.org`;
    await ctx.database.db.update(users).set({ email }).where(eq(users.id, u.id));
    await call(ctx.app, 'POST', '/auth/forgot-password', { payload: { email } });
    const token = linkIn(await smtp.next(email), '/reset-password').searchParams.get('token')!;
    await ctx.database.db
      .update(passwordLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordLinks.userId, u.id));
    expect(
      await call(ctx.app, 'POST', '/auth/reset-password', {
        payload: { token, password: NEW_PASSWORD },
      }),
    ).toMatchObject({ status: 400, body: { message: MSG.linkInvalid } });
    expect(
      (
        await call(ctx.app, 'POST', '/auth/login', {
          payload: { username: u.username, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it('an unknown address gets the same answer, and no mail', async () => {
    const known = await makeUser(ctx.database.db, school, ['STUDENT']);
    const knownEmail = `known-${known.id.slice(0, 8)}@example.org`;
    await ctx.database.db.update(users).set({ email: knownEmail }).where(eq(users.id, known.id));
    const unknown = await call(ctx.app, 'POST', '/auth/forgot-password', {
      payload: { email: 'nobody-at-all@example.org' },
    });
    const real = await call(ctx.app, 'POST', '/auth/forgot-password', {
      payload: { email: knownEmail },
    });
    expect(unknown.status).toBe(real.status);
    expect(unknown.body).toEqual(real.body);
    await smtp.next(knownEmail); // the known address's mail arrives ...
    expect(smtp.mails.filter((m) => m.to.includes('nobody-at-all@example.org'))).toEqual([]); // ... and none for the unknown one
    const links = await ctx.database.db
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.email, 'nobody-at-all@example.org'));
    expect(links).toEqual([]);
  });

  it('is limited per address (429) and per account (quietly: no more links)', async () => {
    const u = await makeUser(ctx.database.db, school, ['STUDENT']);
    const email = `many-${u.id.slice(0, 8)}@example.org`;
    await ctx.database.db.update(users).set({ email }).where(eq(users.id, u.id));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await call(ctx.app, 'POST', '/auth/forgot-password', { payload: { email } })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const links = await ctx.database.db
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.userId, u.id));
    expect(links).toHaveLength(3);
  });

  it('refuses a bad body with a message', async () => {
    expect(
      await call(ctx.app, 'POST', '/auth/forgot-password', {
        payload: { email: 'not an address' },
      }),
    ).toMatchObject({ status: 400, body: { message: expect.stringMatching(/email/) } });
    expect(
      await call(ctx.app, 'POST', '/auth/reset-password', {
        payload: { token: 'a b', password: NEW_PASSWORD },
      }),
    ).toMatchObject({ status: 400 });
  });
});

describe("mails in the recipient's language", () => {
  /** The month of `at` in the school's time zone, as Intl writes it in `lang`. */
  const monthOf = (lang: string, at: string) =>
    new Intl.DateTimeFormat(lang, { month: 'long', timeZone: school.timeZone }).format(
      new Date(at),
    );

  it("an invitation to a person who reads English is the English text, with the link's end date", async () => {
    const u = await importedUser();
    const email = `en-${u.id.slice(0, 8)}@example.org`;
    const sent = await call(ctx.app, 'POST', '/settings/invitations', {
      token: adminToken,
      payload: { userId: u.id, email },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = readMail(await smtp.next(email));
    expect(mail.subject).toBe(`Set up your ${school.name} account`);
    expect(mail.text).toContain(
      `Hello ${u.firstName},\n\nYou have been invited to Merit Market at ${school.name}. Choose your password here (the link works once, for 7 days):\n\nhttp://localhost:4105/account-setup?token=`,
    );
    expect(mail.text).toContain(`The link works until ${monthOf('en', sent.body.expiresAt)} `);
  });

  it('an invitation to a person who chose Spanish is in Spanish, its date by Intl in Spanish', async () => {
    const u = await importedUser();
    await ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.id, u.id));
    const email = `es-${u.id.slice(0, 8)}@example.org`;
    const sent = await call(ctx.app, 'POST', '/settings/invitations', {
      token: adminToken,
      payload: { userId: u.id, email },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const received = await smtp.next(email);
    const mail = readMail(received);
    expect(mail.subject).toBe(`Configura tu cuenta de ${school.name}`);
    expect(mail.text).toContain(`Hola, ${u.firstName}:`);
    expect(mail.text).toContain(`Te invitaron a Merit Market en ${school.name}.`);
    expect(mail.text).toContain('(el enlace funciona una sola vez, durante 7 días)');
    const until = new Date(sent.body.expiresAt);
    expect(mail.text).toContain(
      `El enlace funciona hasta el ${until.toLocaleDateString('es', { day: 'numeric', timeZone: school.timeZone })} de ${monthOf('es', sent.body.expiresAt)} de `,
    );
    expect(mail.text).not.toMatch(/Hello|invited|link works/);
    // The link works as in English.
    const token = linkIn(received, '/account-setup').searchParams.get('token')!;
    expect((await call(ctx.app, 'GET', `/auth/account-setup?token=${token}`)).status).toBe(200);
  });

  it("a reset mail follows each account's language: Spanish for one who chose it, English otherwise", async () => {
    const es = await makeUser(ctx.database.db, school, ['TEACHER']);
    const email = `lang-${es.id.slice(0, 8)}@example.org`;
    await ctx.database.db.update(users).set({ email, language: 'es' }).where(eq(users.id, es.id));
    const asked = await call(ctx.app, 'POST', '/auth/forgot-password', { payload: { email } });
    expect(asked.status).toBe(200);
    const received = await smtp.next(email);
    const mail = readMail(received);
    expect(mail.subject).toBe('Elige una nueva contraseña de Merit Market');
    expect(mail.text).toContain(`Hola, ${es.firstName}:`);
    expect(mail.text).toContain('Alguien (esperamos que tú) pidió restablecer la contraseña de');
    expect(mail.text).toContain('Si no lo pediste, ignora este correo');
    expect(linkIn(received, '/reset-password').searchParams.get('token')).toBeTruthy();

    const en = await makeUser(ctx.database.db, school, ['TEACHER']);
    const enEmail = `lang-${en.id.slice(0, 8)}@example.org`;
    await ctx.database.db.update(users).set({ email: enEmail }).where(eq(users.id, en.id));
    await call(ctx.app, 'POST', '/auth/forgot-password', { payload: { email: enEmail } });
    const english = readMail(await smtp.next(enEmail));
    expect(english.subject).toBe('Choose a new Merit Market password');
    expect(english.text).toContain(
      `Hello ${en.firstName},\n\nSomeone (we hope you) asked to reset the password of `,
    );
  });
});
