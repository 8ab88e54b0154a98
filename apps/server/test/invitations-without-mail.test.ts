import { createServer, type AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, type InvitationListItem } from '@app/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, passwordLinks, users } from '../src/db/schema.js';
import { hashToken } from '../src/lib/tokens.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { linkIn, startSmtpServer } from './helpers/smtp.js';
import { anotherServer, call, useTestApp } from './helpers/test-app.js';

/*
 * Invitations that always arrive (issue 32, docs/decisions/132-invitations-without-mail.md): when
 * no mail can go out (no SMTP_URL, or the mail server refuses it) every invitation answers its
 * one-time link with `mailed: false`, kept sealed under SECRETS_KEY for its asker to copy again
 * from GET settings/invitations while it is valid; a mailed one answers no link and keeps only its
 * hash. The server of this file has no SMTP_URL; others on the same database have a real SMTP
 * server on loopback, one that refuses, a closed port, or no key.
 */
const PUBLIC_URL = 'http://localhost:4132';
const lines: string[] = [];
const ctx = useTestApp(
  { PUBLIC_URL },
  { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
);
const smtp = await startSmtpServer();
/** A real SMTP server that refuses every recipient. */
const refusing = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
  },
});
await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
const refusingUrl = `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Other = Awaited<ReturnType<typeof anotherServer>>;
const servers = {} as { mailing: Other; refusing: Other; closed: Other; otherKey: Other };

let school: SchoolRow;
let admin: UserRow;
let adminToken: string;
let otherAdminToken: string;

beforeAll(async () => {
  school = await makeSchool(ctx.database.db);
  admin = await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']);
  adminToken = await signIn(ctx.app, admin);
  otherAdminToken = await signIn(
    ctx.app,
    await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN']),
  );
  servers.mailing = await anotherServer(ctx.database, { PUBLIC_URL, SMTP_URL: smtp.url });
  servers.refusing = await anotherServer(ctx.database, { PUBLIC_URL, SMTP_URL: refusingUrl });
  servers.closed = await anotherServer(ctx.database, {
    PUBLIC_URL,
    SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
  });
  servers.otherKey = await anotherServer(ctx.database, {
    PUBLIC_URL,
    SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
  });
});

afterAll(async () => {
  for (const s of Object.values(servers)) await s?.close();
  await smtp.stop();
  await new Promise<void>((resolve) => refusing.close(() => resolve()));
});

let seq = 0;
/** A member of staff as the roster import leaves them: an address, no sign-in name, no password. */
async function imported(
  at: SchoolRow = school,
  roles: Parameters<typeof makeUser>[2] = ['TEACHER'],
  withEmail = true,
): Promise<UserRow & { email: string }> {
  const email = `invitee-${++seq}-${Date.now()}@example.org`;
  const u = await makeUser(ctx.database.db, at, roles, withEmail ? { email } : {});
  await ctx.database.db.delete(credentials).where(eq(credentials.userId, u.id));
  return { ...u, email };
}

const invite = (u: { id: string; email: string }, app = ctx.app, token = adminToken) =>
  call(app, 'POST', '/settings/invitations', { token, payload: { userId: u.id, email: u.email } });

const listAs = async (token = adminToken, app = ctx.app): Promise<InvitationListItem[]> => {
  const res = await call(app, 'GET', '/settings/invitations', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.invitations;
};
const itemOf = (list: InvitationListItem[], userId: string) =>
  list.find((i) => i.userId === userId);

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The invitation rows of a user, newest first. */
const rowsOf = (userId: string) =>
  ctx.database.db
    .select()
    .from(passwordLinks)
    .where(and(eq(passwordLinks.userId, userId), eq(passwordLinks.kind, 'setup')))
    .orderBy(sql`${passwordLinks.createdAt} desc`);

const setUp = (token: string, username: string) =>
  call(ctx.app, 'POST', '/auth/account-setup', {
    payload: { token, username, password: 'a calm green river' },
  });

describe('without SMTP_URL', () => {
  it('answers the link and mailed false; the link sets up the account once; kept sealed, never in clear or in the log', async () => {
    const u = await imported();
    const sent = await invite(u);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({
      userId: u.id,
      email: u.email,
      expiresAt: expect.any(String),
      mailed: false,
      linkKept: true,
      whyNotMailed: 'noMailServer',
    });
    const link: string = sent.body.link;
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/account-setup\\?token=[A-Za-z0-9_-]+$`));
    const token = tokenOf(link);

    // Kept sealed: the row holds the token's hash and its sealed form, never the token itself.
    const [row] = await rowsOf(u.id);
    expect(row).toMatchObject({ tokenHash: hashToken(token), mailed: false });
    expect(row!.sealedToken).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain(token);
    // Nothing logged holds it; the log says the mail was not sent.
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
    expect(lines.some((l) => l.includes('mail not sent') && l.includes(u.email))).toBe(true);

    const info = await call(ctx.app, 'GET', `/auth/account-setup?token=${token}`);
    expect(info).toMatchObject({
      status: 200,
      body: { firstName: u.firstName, needsUsername: true },
    });
    const done = await setUp(token, `inv-${u.id.slice(0, 8)}`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.token).toBeTruthy();
    const again = await setUp(token, `inv2-${u.id.slice(0, 8)}`);
    expect(again).toMatchObject({ status: 400, body: { message: MSG.linkInvalid } });
    // Used: no longer kept.
    expect((await rowsOf(u.id))[0]!.sealedToken).toBeNull();
  });

  it('the list gives the link again to the one who asked, while valid; to nobody after use', async () => {
    const u = await imported();
    const { link } = (await invite(u)).body;
    expect(itemOf(await listAs(), u.id)).toMatchObject({
      state: 'notMailed',
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      invitedBy: `${admin.firstName} ${admin.lastName}`,
      linkKept: true,
      link,
      usedAt: null,
    });
    // Another admin of the school sees the state, not the link.
    const seenByOther = itemOf(await listAs(otherAdminToken), u.id);
    expect(seenByOther).toMatchObject({ state: 'notMailed', linkKept: true });
    expect(seenByOther).not.toHaveProperty('link');
    // A server whose key does not open it gives no link (and no error).
    const underOtherKey = itemOf(await listAs(adminToken, servers.otherKey.app), u.id);
    expect(underOtherKey).toMatchObject({ state: 'notMailed' });
    expect(underOtherKey).not.toHaveProperty('link');

    expect((await setUp(tokenOf(link), `list-${u.id.slice(0, 8)}`)).status).toBe(200);
    const used = itemOf(await listAs(), u.id);
    expect(used).toMatchObject({ state: 'used', usedAt: expect.any(String) });
    expect(used).not.toHaveProperty('link');
  });

  it('sending again ends the older link and answers a new one, which the list then shows', async () => {
    const u = await imported();
    const first = (await invite(u)).body.link as string;
    const second = await invite(u);
    expect(second).toMatchObject({ status: 200, body: { mailed: false, linkKept: true } });
    expect(second.body.link).not.toBe(first);
    const old = await call(ctx.app, 'GET', `/auth/account-setup?token=${tokenOf(first)}`);
    expect(old).toMatchObject({ status: 400, body: { message: MSG.linkInvalid } });
    const rows = await rowsOf(u.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.sealedToken).toBeNull(); // the replaced one is no longer kept
    expect(itemOf(await listAs(), u.id)).toMatchObject({
      state: 'notMailed',
      link: second.body.link,
    });
    expect((await listAs()).filter((i) => i.userId === u.id)).toHaveLength(1);
  });

  it('an expired invitation is listed as expired, without its link, and no longer works', async () => {
    const u = await imported();
    const { link } = (await invite(u)).body;
    await ctx.database.db
      .update(passwordLinks)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(passwordLinks.tokenHash, hashToken(tokenOf(link))));
    const item = itemOf(await listAs(), u.id);
    expect(item).toMatchObject({ state: 'expired' });
    expect(item).not.toHaveProperty('link');
    const info = await call(ctx.app, 'GET', `/auth/account-setup?token=${tokenOf(link)}`);
    expect(info).toMatchObject({ status: 400, body: { message: MSG.linkInvalid } });
  });

  it('a guardian invitation answers the link; it sets up the guardian account', async () => {
    const student = await makeUser(ctx.database.db, school, ['STUDENT']);
    const email = `parent-${Date.now()}@example.org`;
    const res = await call(ctx.app, 'POST', '/settings/guardians', {
      token: adminToken,
      payload: { email, firstName: 'Pat', lastName: 'Parent', studentIds: [student.id] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ email, invited: true, mailed: false, linkKept: true });
    const done = await setUp(tokenOf(res.body.link), `parent-${Date.now()}`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Invited again once they have a password: linked, no invitation, no link.
    const again = await call(ctx.app, 'POST', '/settings/guardians', {
      token: adminToken,
      payload: { email, firstName: 'Pat', lastName: 'Parent', studentIds: [student.id] },
    });
    expect(again.body).toMatchObject({ invited: false });
    expect(again.body).not.toHaveProperty('link');
  });

  it("the district owner's invitation of a school's admin answers the link", async () => {
    const owner = await makeUser(ctx.database.db, school, ['SUPER_ADMIN', 'SCHOOL_ADMIN']);
    const other = await makeSchool(ctx.database.db, { districtId: school.districtId });
    const email = `first-admin-${Date.now()}@example.org`;
    const res = await call(ctx.app, 'POST', `/district/schools/${other.id}/invitations`, {
      token: await signIn(ctx.app, owner),
      payload: { firstName: 'Ada', lastName: 'Admin', email },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ email, mailed: false, linkKept: true });
    const info = await call(ctx.app, 'GET', `/auth/account-setup?token=${tokenOf(res.body.link)}`);
    expect(info).toMatchObject({ status: 200, body: { firstName: 'Ada', needsUsername: true } });
  });

  it('on PostgreSQL without SECRETS_KEY the link is shown once and the list says so; PGlite makes a key', async () => {
    const noKey = await anotherServer(ctx.database, { PUBLIC_URL, SECRETS_KEY: '' });
    try {
      const u = await imported();
      const res = await invite(u, noKey.app);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const kept = ctx.database.kind !== 'postgres';
      expect(res.body).toMatchObject({ mailed: false, linkKept: kept });
      expect(res.body.link).toMatch(/\/account-setup\?token=/);
      const [row] = await rowsOf(u.id);
      if (kept) expect(row!.sealedToken).toMatch(/^enc:v1:/);
      else expect(row!.sealedToken).toBeNull();
      const item = itemOf(await listAs(adminToken, noKey.app), u.id);
      expect(item).toMatchObject({ state: 'notMailed', linkKept: kept });
      if (!kept) expect(item).not.toHaveProperty('link');
      // The link shown once still works.
      expect((await setUp(tokenOf(res.body.link), `once-${u.id.slice(0, 8)}`)).status).toBe(200);
    } finally {
      await noKey.close();
    }
  });
});

describe('with a mail server', () => {
  it('answers no link, mailed true; the mail arrives; the list says mailed and never shows it', async () => {
    const u = await imported();
    const sent = await invite(u, servers.mailing.app);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({
      userId: u.id,
      email: u.email,
      expiresAt: expect.any(String),
      mailed: true,
    });
    const link = linkIn(await smtp.next(u.email), '/account-setup');
    const [row] = await rowsOf(u.id);
    expect(row).toMatchObject({ mailed: true, sealedToken: null });
    const item = itemOf(await listAs(), u.id);
    expect(item).toMatchObject({ state: 'mailed', linkKept: false });
    expect(item).not.toHaveProperty('link');
    expect((await setUp(link.searchParams.get('token')!, `m-${u.id.slice(0, 8)}`)).status).toBe(
      200,
    );
  });

  it('a guardian and a district invitation are mailed, with no link in the answer', async () => {
    const student = await makeUser(ctx.database.db, school, ['STUDENT']);
    const email = `mailed-parent-${Date.now()}@example.org`;
    const res = await call(servers.mailing.app, 'POST', '/settings/guardians', {
      token: adminToken,
      payload: { email, firstName: 'Mo', lastName: 'Parent', studentIds: [student.id] },
    });
    expect(res.body).toEqual({
      guardianId: expect.any(String),
      email,
      invited: true,
      expiresAt: expect.any(String),
      mailed: true,
    });
    linkIn(await smtp.next(email), '/account-setup');

    const owner = await makeUser(ctx.database.db, school, ['SUPER_ADMIN', 'SCHOOL_ADMIN']);
    const other = await makeSchool(ctx.database.db, { districtId: school.districtId });
    const adminEmail = `mailed-admin-${Date.now()}@example.org`;
    const d = await call(servers.mailing.app, 'POST', `/district/schools/${other.id}/invitations`, {
      token: await signIn(ctx.app, owner),
      payload: { firstName: 'Bo', lastName: 'Admin', email: adminEmail },
    });
    expect(d.body).toEqual({
      userId: expect.any(String),
      email: adminEmail,
      expiresAt: expect.any(String),
      mailed: true,
    });
    linkIn(await smtp.next(adminEmail), '/account-setup');
  });

  it('a mail server that refuses the mail, or a closed port, still answers the link, which works', async () => {
    for (const server of [servers.refusing, servers.closed]) {
      const u = await imported();
      const res = await invite(u, server.app);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ mailed: false, linkKept: true, whyNotMailed: 'refused' });
      expect(itemOf(await listAs(), u.id)).toMatchObject({
        state: 'notMailed',
        link: res.body.link,
      });
      const info = await call(
        ctx.app,
        'GET',
        `/auth/account-setup?token=${tokenOf(res.body.link)}`,
      );
      expect(info.status).toBe(200);
    }
    // The guardian's invitation, refused too: the guardian account stays, with the link to hand over.
    const student = await makeUser(ctx.database.db, school, ['STUDENT']);
    const email = `refused-parent-${Date.now()}@example.org`;
    const res = await call(servers.refusing.app, 'POST', '/settings/guardians', {
      token: adminToken,
      payload: { email, firstName: 'Ro', lastName: 'Parent', studentIds: [student.id] },
    });
    expect(res.body).toMatchObject({ invited: true, mailed: false, link: expect.any(String) });
  });
});

describe('invite everyone without a sign-in', () => {
  /** A school of its own, so the counts are this test's. */
  async function staffRoom() {
    const db = ctx.database.db;
    const s = await makeSchool(db);
    const boss = await makeUser(db, s, ['SCHOOL_ADMIN']);
    const people = {
      teacher: await imported(s, ['TEACHER']),
      store: await imported(s, ['STAFF', 'STORE_MANAGER']),
      noAddress: await imported(s, ['TEACHER'], false),
      owner: await imported(s, ['SUPER_ADMIN', 'SCHOOL_ADMIN']),
      pending: await imported(s, ['TEACHER']),
      // Not counted at all: a student, a guardian, one with a password, one who left.
      student: await imported(s, ['STUDENT']),
      guardian: await imported(s, ['GUARDIAN']),
      withPassword: await makeUser(db, s, ['TEACHER'], { email: `pw-${Date.now()}@example.org` }),
      left: await imported(s, ['TEACHER']),
    };
    await db
      .update(users)
      .set({ leftAt: sql`now()` })
      .where(eq(users.id, people.left.id));
    const token = await signIn(ctx.app, boss);
    expect((await invite(people.pending, ctx.app, token)).status).toBe(200);
    return { s, boss, token, people };
  }

  it('without mail: each staff member with an address and no sign-in gets a link; the others are counted as skipped', async () => {
    const { token, people } = await staffRoom();
    const res = await call(ctx.app, 'POST', '/settings/invitations/all', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Left out: no address, an invitation pending, the district owner (above a school admin).
    expect(res.body).toMatchObject({ sent: 0, skipped: 3 });
    const notSent = res.body.notSent as { userId: string; name: string; link: string }[];
    expect(notSent.map((n) => n.userId).sort()).toEqual(
      [people.teacher.id, people.store.id].sort(),
    );
    for (const n of notSent) {
      const who = n.userId === people.teacher.id ? people.teacher : people.store;
      expect(n).toMatchObject({
        name: `${who.firstName} ${who.lastName}`,
        email: who.email,
        linkKept: true,
      });
      expect(n.link).toMatch(/\/account-setup\?token=/);
    }
    // The list shows each as not mailed with the link; nobody else was invited.
    const list = await listAs(token);
    expect(list.map((i) => i.userId).sort()).toEqual(
      [people.teacher.id, people.store.id, people.pending.id].sort(),
    );
    expect(itemOf(list, people.teacher.id)).toMatchObject({ state: 'notMailed' });
    expect((await rowsOf(people.owner.id)).length).toBe(0);
    // Again: everyone has an invitation pending now.
    const again = await call(ctx.app, 'POST', '/settings/invitations/all', { token });
    expect(again.body).toEqual({ sent: 0, notSent: [], skipped: 5 });
  });

  it('with mail: one mail each, none answered with a link', async () => {
    const { token, people } = await staffRoom();
    const res = await call(servers.mailing.app, 'POST', '/settings/invitations/all', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ sent: 2, notSent: [], skipped: 3 });
    for (const who of [people.teacher, people.store])
      linkIn(await smtp.next(who.email), '/account-setup');
    expect(smtp.mails.filter((m) => m.to.includes(people.student.email))).toEqual([]);
    expect(smtp.mails.filter((m) => m.to.includes(people.guardian.email))).toEqual([]);
    expect(smtp.mails.filter((m) => m.to.includes(people.owner.email))).toEqual([]);
  });

  it('is for admins: a teacher is refused', async () => {
    const teacher = await makeUser(ctx.database.db, school, ['TEACHER']);
    const res = await call(ctx.app, 'POST', '/settings/invitations/all', {
      token: await signIn(ctx.app, teacher),
    });
    expect(res.status).toBe(403);
    const list = await call(ctx.app, 'GET', '/settings/invitations', {
      token: await signIn(ctx.app, teacher),
    });
    expect(list.status).toBe(403);
  });
});
