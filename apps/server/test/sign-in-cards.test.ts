import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { cardCheckSymbol, MSG, normalizeCardCode } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentials, schools, signInCards, users } from '../src/db/schema.js';
import { hashToken } from '../src/lib/tokens.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  PASSWORD,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { pdfPageCount, pdfTexts } from './helpers/pdf-text.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Sign-in cards (docs/decisions/133-sign-in-cards.md): who may print whose, that each printing
 * makes new codes and ends the old ones, the card sign-in and its guessing limits, who gets no
 * card, the PDF, and a password staff give a student. Every request is logged (LOG_LEVEL info), so
 * that the log can be searched for codes.
 */
const logged: string[] = [];
const ctx = useTestApp(
  { LOG_LEVEL: 'info' },
  {
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _enc, done) {
          logged.push(String(chunk));
          done();
        },
      }),
    },
  },
);

const CODE = /^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/;
let a: SchoolRow;
let admin: UserRow;
let teacher: UserRow;
let otherTeacher: UserRow;
/** Students of the teacher's class P. */
let ana: UserRow;
let ben: UserRow;
/** In P but gets no card: left the school; holds a staff role too. */
let leaver: UserRow;
let studentTeacher: UserRow;
/** The other teacher's student; another school's student. */
let cara: UserRow;
let bStudent: UserRow;
let p: { id: string; name: string };
let p2: { id: string };
const tok = {} as Record<'admin' | 'teacher' | 'otherTeacher' | 'adminB', string>;

const print = (token: string, payload: object) =>
  call(ctx.app, 'POST', '/sign-in-cards', { token, payload });
const cardLogin = (code: string, address = '127.0.0.1', headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/auth/login/card', {
    payload: { code },
    remoteAddress: address,
    headers,
  });
const pdf = (token: string, query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/sign-in-cards.pdf?${query}`,
    headers: { authtoken: token, ...headers },
  });
type Card = { studentId: string; name: string; code: string };
const cardOf = (body: { cards: Card[] }, u: UserRow): string =>
  body.cards.find((c) => c.studentId === u.id)!.code;

/** A code no card has, whose first four symbols are `prefix`. */
const otherCode = (prefix = 'ZZZZ', n = 0) => {
  const random = `${prefix}${String(n).padStart(10, '0')}`.slice(0, 14);
  return random + cardCheckSymbol(random);
};

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db, { externalId: `CARDS${Date.now() % 100000}` });
  admin = await makeUser(db, a, ['SCHOOL_ADMIN']);
  teacher = await makeUser(db, a, ['TEACHER']);
  otherTeacher = await makeUser(db, a, ['TEACHER']);
  ana = await makeUser(db, a, ['STUDENT'], { firstName: 'Ana', lastName: 'Álvarez' });
  ben = await makeUser(db, a, ['STUDENT'], { firstName: 'Ben', lastName: 'Bruno' });
  leaver = await makeUser(db, a, ['STUDENT'], { leftAt: new Date() });
  studentTeacher = await makeUser(db, a, ['STUDENT', 'TEACHER']);
  cara = await makeUser(db, a, ['STUDENT'], { firstName: 'Cara', lastName: 'Cruz' });
  p = await makePeriod(db, a, teacher, [ben, ana, leaver, studentTeacher], {
    name: 'Algebra',
    periodNumber: 2,
  });
  p2 = await makePeriod(db, a, otherTeacher, [cara], { periodNumber: 3 });
  const b = await makeSchool(db);
  bStudent = await makeUser(db, b, ['STUDENT']);
  await makePeriod(db, b, await makeUser(db, b, ['TEACHER']), [bStudent]);
  tok.admin = await signIn(ctx.app, admin);
  tok.teacher = await signIn(ctx.app, teacher);
  tok.otherTeacher = await signIn(ctx.app, otherTeacher);
  tok.adminB = await signIn(ctx.app, await makeUser(db, b, ['SCHOOL_ADMIN']));
});

describe('printing cards', () => {
  it("a teacher prints their class's cards: its current students, none who left or holds a staff role", async () => {
    const res = await print(tok.teacher, { periodId: p.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.cards as Card[]).map((c) => [c.studentId, c.name])).toEqual([
      [ana.id, 'Ana Álvarez'],
      [ben.id, 'Ben Bruno'],
    ]);
    for (const c of res.body.cards) expect(c.code).toMatch(CODE);
    expect(cardOf(res.body, ana)).not.toBe(cardOf(res.body, ben));
    // Only the hash of the normalized code is kept.
    const [row] = await ctx.database.db
      .select()
      .from(signInCards)
      .where(and(eq(signInCards.schoolId, a.id), eq(signInCards.studentId, ana.id)));
    expect(row).toMatchObject({
      codeHash: hashToken(normalizeCardCode(cardOf(res.body, ana))!),
      createdBy: teacher.id,
    });
  });

  it('a teacher reaches their own classes only: another teacher’s student or class 403, another school’s 404', async () => {
    expect(await print(tok.teacher, { studentIds: [ana.id, ben.id] })).toMatchObject({
      status: 200,
    });
    expect(await print(tok.teacher, { studentIds: [ana.id, cara.id] })).toMatchObject({
      status: 403,
      body: { message: 'This student is not in your classes.' },
    });
    expect(await print(tok.teacher, { periodId: p2.id })).toMatchObject({
      status: 403,
      body: { message: 'This class belongs to another teacher.' },
    });
    expect((await print(tok.teacher, { studentIds: [bStudent.id] })).status).toBe(404);
    expect((await print(tok.adminB, { studentIds: [ana.id] })).status).toBe(404);
    expect((await print(tok.adminB, { periodId: p.id })).status).toBe(404);
  });

  it('an admin prints for any student of the school; a refused printing changes no card', async () => {
    const before = await print(tok.admin, { studentIds: [ana.id] });
    expect(before.status).toBe(200);
    expect((await print(tok.teacher, { studentIds: [ana.id, cara.id] })).status).toBe(403);
    expect((await cardLogin(cardOf(before.body, ana))).status).toBe(200);
    const res = await print(tok.admin, { studentIds: [cara.id, ana.id] });
    expect((res.body.cards as Card[]).map((c) => c.studentId)).toEqual([cara.id, ana.id]);
  });

  it('names no one who gets no card: a leaver 400, a student who holds a staff role or a teacher 403', async () => {
    expect(await print(tok.teacher, { studentIds: [leaver.id] })).toMatchObject({
      status: 400,
      body: { message: MSG.studentLeftSchool },
    });
    expect(await print(tok.admin, { studentIds: [studentTeacher.id] })).toMatchObject({
      status: 403,
      body: { message: MSG.signInForStudentsOnly },
    });
    expect(await print(tok.admin, { studentIds: [teacher.id] })).toMatchObject({
      status: 403,
      body: { message: MSG.signInForStudentsOnly },
    });
    // A teacher's roles do not cover another teacher's.
    expect(await print(tok.teacher, { studentIds: [otherTeacher.id] })).toMatchObject({
      status: 403,
    });
    expect(await print(tok.teacher, { studentIds: [ana.id], periodId: p.id })).toMatchObject({
      status: 400,
    });
  });
});

describe('signing in with a card', () => {
  it('answers exactly what the password sign-in answers', async () => {
    const code = cardOf((await print(tok.teacher, { studentIds: [ben.id] })).body, ben);
    const byCard = await cardLogin(code);
    const byPassword = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: ben.username, password: PASSWORD },
    });
    expect(byCard.status).toBe(200);
    expect(Object.keys(byCard.body).sort()).toEqual(Object.keys(byPassword.body).sort());
    expect(byCard.body.user).toEqual(byPassword.body.user);
    expect(byCard.body.token).not.toBe(byPassword.body.token);
    const me = await call(ctx.app, 'POST', '/auth/me', { token: byCard.body.token });
    expect(me.body).toMatchObject({ _id: ben.id });
    // And the browser's device cookie, as the other sign-ins.
    expect(String(byCard.headers['set-cookie'])).toMatch(/^mm_device=/);
  });

  it('reads the code as typed: any case, spaces for dashes, O for 0, I or L for 1', async () => {
    const code = cardOf((await print(tok.teacher, { studentIds: [ana.id] })).body, ana);
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l')} `;
    expect((await cardLogin(typed)).status).toBe(200);
  });

  it('a reprinted or revoked card is refused like a wrong password (401, the same message)', async () => {
    const wrongPassword = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: ana.username, password: 'not the password' },
    });
    expect(wrongPassword.status).toBe(401);
    const first = cardOf((await print(tok.teacher, { studentIds: [ana.id] })).body, ana);
    const second = cardOf((await print(tok.teacher, { periodId: p.id })).body, ana);
    expect(await cardLogin(first)).toMatchObject({ status: 401, body: wrongPassword.body });
    expect((await cardLogin(second)).status).toBe(200);
    expect(
      await call(ctx.app, 'DELETE', `/sign-in-cards/${ana.id}`, { token: tok.teacher }),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect(await cardLogin(second)).toMatchObject({ status: 401, body: wrongPassword.body });
    // Revoking: the same rules as printing.
    expect(
      (await call(ctx.app, 'DELETE', `/sign-in-cards/${cara.id}`, { token: tok.teacher })).status,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'DELETE', `/sign-in-cards/${bStudent.id}`, { token: tok.teacher }))
        .status,
    ).toBe(404);
    expect(await cardLogin(otherCode())).toMatchObject({ status: 401, body: wrongPassword.body });
    expect(await cardLogin('K7QH3-MZP9T')).toMatchObject({ status: 401, body: wrongPassword.body });
  });

  it('signs in no one who left, of a disabled school, or who holds a staff role now', async () => {
    const db = ctx.database.db;
    const c = await makeSchool(db);
    const cAdmin = await signIn(ctx.app, await makeUser(db, c, ['SCHOOL_ADMIN']));
    const [goes, promoted, disabled] = [
      await makeUser(db, a, ['STUDENT']),
      await makeUser(db, a, ['STUDENT']),
      await makeUser(db, c, ['STUDENT']),
    ];
    const codes = (await print(tok.admin, { studentIds: [goes.id, promoted.id] })).body;
    const cCode = cardOf((await print(cAdmin, { studentIds: [disabled.id] })).body, disabled);
    await db.update(users).set({ leftAt: new Date() }).where(eq(users.id, goes.id));
    await db
      .update(users)
      .set({ roles: ['STUDENT', 'STAFF'] })
      .where(eq(users.id, promoted.id));
    await db.update(schools).set({ disabledAt: new Date() }).where(eq(schools.id, c.id));
    expect((await cardLogin(cardOf(codes, goes))).status).toBe(401);
    expect((await cardLogin(cardOf(codes, promoted))).status).toBe(401);
    expect((await cardLogin(cCode)).status).toBe(401);
  });

  it('meets the password sign-in’s limits: 5 wrong codes under one name from an address, then 429', async () => {
    const address = '198.51.100.7';
    // Typos the check symbol catches are no guesses: counted nowhere.
    for (let i = 0; i < 6; i++) {
      const typo = otherCode('QQQQ', i).slice(0, 14) + (i % 2 ? 'A' : 'B');
      if (normalizeCardCode(typo)) continue;
      expect((await cardLogin(typo, address)).status).toBe(401);
    }
    for (let i = 0; i < 5; i++)
      expect((await cardLogin(otherCode('QQQQ', i), address)).status).toBe(401);
    const refused = await cardLogin(otherCode('QQQQ', 9), address);
    expect(refused).toMatchObject({ status: 429, body: { message: MSG.tryLater } });
    expect(refused.headers['retry-after']).toBeDefined();
    // Other names from the address, and the same name from another, are still checked.
    expect((await cardLogin(otherCode('RRRR'), address)).status).toBe(401);
    expect((await cardLogin(otherCode('QQQQ', 9), '198.51.100.8')).status).toBe(401);
  });

  it('an address that guessed 100 codes is refused, whatever the code; a browser that signed in with its card before is not', async () => {
    const address = '198.51.100.20';
    const code = cardOf((await print(tok.teacher, { studentIds: [ben.id] })).body, ben);
    const before = await cardLogin(code, address);
    expect(before.status).toBe(200);
    const cookie = String(before.headers['set-cookie']).split(';')[0]!;
    for (let i = 0; i < 100; i++)
      expect((await cardLogin(otherCode(`W${String(i).padStart(3, '0')}`), address)).status).toBe(
        401,
      );
    expect((await cardLogin(otherCode('XXXX'), address)).status).toBe(429);
    // The right code from a browser that never signed in with it: refused with the address.
    expect((await cardLogin(code, address)).status).toBe(429);
    expect((await cardLogin(code, address, { cookie })).status).toBe(200);
  });
});

describe('the PDF', () => {
  it('makes new cards for a class, one a student, and answers them as a PDF to print', async () => {
    const old = cardOf((await print(tok.teacher, { periodId: p.id })).body, ana);
    const res = await pdf(tok.teacher, `periodId=${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sign-in-cards-2nd-period-algebra.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(res.rawPayload)).toBe(1);
    const texts = pdfTexts(res.rawPayload);
    const codes = texts.filter((t) => CODE.test(t));
    expect(codes).toHaveLength(2);
    expect(texts).toContain('Ana Álvarez');
    expect(texts).toContain('Ben Bruno');
    expect(texts).toContain(`School code: ${a.externalId}`);
    expect(texts).toContain('2nd Period \x97 Algebra');
    // The new codes sign in, the ones printed before do not.
    const signedIn = [];
    for (const code of codes) signedIn.push((await cardLogin(code)).body.user._id);
    expect(signedIn.sort()).toEqual([ana.id, ben.id].sort());
    expect((await cardLogin(old)).status).toBe(401);
  });

  it('fits 10 cards a page on letter, 8 on A4; names students too; in the reader’s language', async () => {
    const db = ctx.database.db;
    const nine: UserRow[] = [];
    for (let i = 0; i < 9; i++)
      nine.push(await makeUser(db, a, ['STUDENT'], { firstName: 'Zoë', lastName: `Łukasz ${i}` }));
    const big = await makePeriod(db, a, admin, nine, { periodNumber: 4, name: 'Música' });
    const letter = await pdf(tok.admin, `periodId=${big.id}`);
    expect(pdfPageCount(letter.rawPayload)).toBe(1);
    expect(pdfTexts(letter.rawPayload)).toContain('Zoë Lukasz 0');
    const a4 = await pdf(tok.admin, `periodId=${big.id}&paper=a4`, { 'accept-language': 'es' });
    expect(pdfPageCount(a4.rawPayload)).toBe(2);
    expect(pdfTexts(a4.rawPayload)).toContain(`Código de la escuela: ${a.externalId}`);
    expect(pdfTexts(a4.rawPayload).filter((t) => CODE.test(t))).toHaveLength(9);
    const named = await pdf(tok.admin, `studentIds=${nine[0]!.id},${nine[1]!.id}`);
    expect(named.headers['content-disposition']).toBe('attachment; filename="sign-in-cards.pdf"');
    expect(pdfTexts(named.rawPayload).filter((t) => CODE.test(t))).toHaveLength(2);
    // A student's card names their class.
    expect(pdfTexts(named.rawPayload)).toContain('4th Period \x97 M\xfasica');
  });

  it('is refused as printing is', async () => {
    expect((await pdf(tok.teacher, `periodId=${p2.id}`)).statusCode).toBe(403);
    expect((await pdf(tok.teacher, `studentIds=${cara.id}`)).statusCode).toBe(403);
    expect((await pdf(tok.adminB, `periodId=${p.id}`)).statusCode).toBe(404);
    expect((await pdf(tok.teacher, `periodId=${p.id}&studentIds=${ana.id}`)).statusCode).toBe(400);
    expect((await pdf(tok.teacher, `periodId=${p.id}&paper=legal`)).statusCode).toBe(400);
  });
});

describe('a password staff give a student', () => {
  const setPassword = (token: string, u: { id: string }, password = 'maple syrup 42') =>
    call(ctx.app, 'PUT', `/students/${u.id}/password`, { token, payload: { password } });

  it('a student imported without a sign-in name gets firstname.lastname, made unique', async () => {
    const db = ctx.database.db;
    const twins: UserRow[] = [];
    for (let i = 0; i < 2; i++) {
      const u = await makeUser(db, a, ['STUDENT'], { firstName: 'José', lastName: 'Núñez Díaz' });
      await db.delete(credentials).where(eq(credentials.userId, u.id));
      twins.push(u);
    }
    await makePeriod(db, a, teacher, twins, { periodNumber: 5 });
    const taken = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(credentials)
      .where(eq(credentials.username, 'jose.nunezdiaz'));
    const first = await setPassword(tok.teacher, twins[0]!);
    const second = await setPassword(tok.teacher, twins[1]!);
    expect(first).toMatchObject({ status: 200 });
    expect(second).toMatchObject({ status: 200 });
    expect(first.body.username).toMatch(/^jose\.nunezdiaz\d*$/);
    expect(second.body.username).not.toBe(first.body.username);
    if (taken[0]!.n === 0) expect(first.body.username).toBe('jose.nunezdiaz');
    const login = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username: second.body.username, password: 'maple syrup 42' },
    });
    expect(login.body.user).toMatchObject({ _id: twins[1]!.id });
  });

  it('a student with a sign-in name keeps it; their sessions go on', async () => {
    const dan = await makeUser(ctx.database.db, a, ['STUDENT']);
    await makePeriod(ctx.database.db, a, teacher, [dan], { periodNumber: 6 });
    const session = await signIn(ctx.app, dan);
    const res = await setPassword(tok.teacher, dan, 'a new secret 7');
    expect(res).toMatchObject({ status: 200, body: { username: dan.username } });
    expect((await call(ctx.app, 'POST', '/auth/me', { token: session })).status).toBe(200);
    for (const [password, status] of [
      ['a new secret 7', 200],
      [PASSWORD, 401],
    ] as const) {
      const login = await call(ctx.app, 'POST', '/auth/login', {
        payload: { username: dan.username, password },
      });
      expect(login.status).toBe(status);
    }
  });

  it("account setup's rules, and the printing's scope", async () => {
    expect((await setPassword(tok.teacher, ana, 'short')).status).toBe(400);
    expect((await setPassword(tok.teacher, ana, 'password123')).status).toBe(400);
    expect(await setPassword(tok.teacher, cara)).toMatchObject({
      status: 403,
      body: { message: 'This student is not in your classes.' },
    });
    expect((await setPassword(tok.teacher, bStudent)).status).toBe(404);
    expect(await setPassword(tok.admin, teacher)).toMatchObject({
      status: 403,
      body: { message: MSG.signInForStudentsOnly },
    });
    expect(await setPassword(tok.teacher, leaver)).toMatchObject({
      status: 400,
      body: { message: MSG.studentLeftSchool },
    });
  });
});

describe('around the cards', () => {
  it('erasing a student takes their card', async () => {
    const db = ctx.database.db;
    const gone = await makeUser(db, a, ['STUDENT'], { gradeLevel: '7' });
    const code = cardOf((await print(tok.admin, { studentIds: [gone.id] })).body, gone);
    const erased = await call(ctx.app, 'POST', `/settings/users/${gone.id}/erase`, {
      token: tok.admin,
      payload: { confirm: `${gone.firstName} ${gone.lastName}` },
    });
    expect(erased.status).toBe(200);
    const rows = await db.select().from(signInCards).where(eq(signInCards.studentId, gone.id));
    expect(rows).toEqual([]);
    expect((await cardLogin(code)).status).toBe(401);
    // An erased student gets no card again.
    expect((await print(tok.admin, { studentIds: [gone.id] })).status).toBe(400);
  });

  it('no code is ever written to the log', async () => {
    expect(logged.length).toBeGreaterThan(50);
    const res = await print(tok.teacher, { periodId: p.id });
    await cardLogin(cardOf(res.body, ana));
    const text = logged.join('\n');
    expect(text).toContain('/api/v1/auth/login/card');
    for (const c of res.body.cards) {
      expect(text).not.toContain(c.code);
      expect(text).not.toContain(normalizeCardCode(c.code));
    }
  });
});
