import { and, eq } from 'drizzle-orm';
import { cardCheckSymbol, normalizeBadgeCode } from '@app/domain';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { studentBadges, users } from '../src/db/schema.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { pdfPageCount, pdfTexts } from './helpers/pdf-text.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Students' badges (issue 35, docs/decisions/139-badges-and-counter.md): printing keeps each
 * student's code, an admin replaces a lost one, and GET students/by-badge answers the student only
 * to whoever may give to them (404 otherwise, as for a code that names no one). The PDF.
 */
const ctx = useTestApp();

const CODE = /^[0-9A-Z]{4}-[0-9A-Z]{5}$/;
const NOT_FOUND = { message: 'No student has this badge.' };
/** School A lets teachers give only to their classes; school G lets them give to all. */
let a: SchoolRow;
let g: SchoolRow;
let admin: UserRow;
let teacher: UserRow;
let giveAll: UserRow;
/** The teacher's class P: Ana, Ben and one who left. */
let ana: UserRow;
let ben: UserRow;
let leaver: UserRow;
/** Another teacher's student; another school's. */
let cara: UserRow;
let bStudent: UserRow;
/** School G: the teacher's student and another teacher's. */
let gMine: UserRow;
let gOther: UserRow;
let p: { id: string };
let p2: { id: string };
const tok = {} as Record<
  'admin' | 'teacher' | 'otherTeacher' | 'giveAll' | 'student' | 'adminB' | 'teacherG' | 'adminG',
  string
>;

type Badge = { studentId: string; externalId: string; name: string; code: string };
const print = (token: string, payload: object) =>
  call(ctx.app, 'POST', '/badges', { token, payload });
const byBadge = (token: string, code: string, headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', `/students/by-badge/${encodeURIComponent(code)}`, { token, headers });
const replace = (token: string, u: { id: string }) =>
  call(ctx.app, 'POST', `/badges/${u.id}/replace`, { token });
const pdf = (token: string, query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/badges.pdf?${query}`,
    headers: { authtoken: token, ...headers },
  });
const codeOf = (body: { badges: Badge[] }, u: UserRow): string =>
  body.badges.find((b) => b.studentId === u.id)!.code;
/** A badge code no one has (a valid check symbol). */
const unknownCode = () => {
  const random = 'ZZZZZZZ0';
  const code = random + cardCheckSymbol(random);
  return `${code.slice(0, 4)}-${code.slice(4)}`;
};

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db, { canTeacherGiveAll: false });
  admin = await makeUser(db, a, ['SCHOOL_ADMIN']);
  teacher = await makeUser(db, a, ['TEACHER']);
  const otherTeacher = await makeUser(db, a, ['TEACHER']);
  giveAll = await makeUser(db, a, ['STAFF', 'GIVE_ALL']);
  ana = await makeUser(db, a, ['STUDENT'], {
    firstName: 'Ana',
    lastName: 'Álvarez',
    gradeLevel: '7',
    house: 'amistad',
  });
  ben = await makeUser(db, a, ['STUDENT'], { firstName: 'Ben', lastName: 'Bruno' });
  leaver = await makeUser(db, a, ['STUDENT'], { leftAt: new Date() });
  cara = await makeUser(db, a, ['STUDENT'], { firstName: 'Cara', lastName: 'Cruz' });
  p = await makePeriod(db, a, teacher, [ben, ana, leaver], { name: 'Algebra', periodNumber: 2 });
  p2 = await makePeriod(db, a, otherTeacher, [cara], { periodNumber: 3 });
  const b = await makeSchool(db);
  bStudent = await makeUser(db, b, ['STUDENT']);
  g = await makeSchool(db, { canTeacherGiveAll: true });
  const teacherG = await makeUser(db, g, ['TEACHER']);
  gMine = await makeUser(db, g, ['STUDENT']);
  gOther = await makeUser(db, g, ['STUDENT']);
  await makePeriod(db, g, teacherG, [gMine]);
  await makePeriod(db, g, await makeUser(db, g, ['TEACHER']), [gOther]);
  tok.admin = await signIn(ctx.app, admin);
  tok.teacher = await signIn(ctx.app, teacher);
  tok.otherTeacher = await signIn(ctx.app, otherTeacher);
  tok.giveAll = await signIn(ctx.app, giveAll);
  tok.student = await signIn(ctx.app, ana);
  tok.adminB = await signIn(ctx.app, await makeUser(db, b, ['SCHOOL_ADMIN']));
  tok.teacherG = await signIn(ctx.app, teacherG);
  tok.adminG = await signIn(ctx.app, await makeUser(db, g, ['SCHOOL_ADMIN']));
});

describe('printing badges', () => {
  it("a teacher prints their class's: its current students by last name, each code kept on reprint", async () => {
    const first = await print(tok.teacher, { periodId: p.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body.badges as Badge[]).map((b) => [b.studentId, b.externalId, b.name])).toEqual([
      [ana.id, ana.externalId, 'Ana Álvarez'],
      [ben.id, ben.externalId, 'Ben Bruno'],
    ]);
    for (const b of first.body.badges) {
      expect(b.code).toMatch(CODE);
      expect(normalizeBadgeCode(b.code)).not.toBeNull();
    }
    expect(codeOf(first.body, ana)).not.toBe(codeOf(first.body, ben));
    // Reprinting, by class or by name, by the teacher or an admin: the same codes.
    const again = await print(tok.teacher, { periodId: p.id });
    expect(again.body).toEqual(first.body);
    const byName = await print(tok.admin, { studentIds: [ben.id, ana.id] });
    expect(byName.status).toBe(200);
    expect((byName.body.badges as Badge[]).map((b) => b.studentId)).toEqual([ben.id, ana.id]);
    expect(codeOf(byName.body, ana)).toBe(codeOf(first.body, ana));
    // Kept as it is (it is no secret), in its stored form.
    const [row] = await ctx.database.db
      .select()
      .from(studentBadges)
      .where(and(eq(studentBadges.schoolId, a.id), eq(studentBadges.studentId, ana.id)));
    expect(row).toMatchObject({
      code: normalizeBadgeCode(codeOf(first.body, ana)),
      createdBy: teacher.id,
    });
  });

  it('a teacher reaches their own classes only; a student none; another school’s is 404', async () => {
    expect(await print(tok.teacher, { periodId: p2.id })).toMatchObject({
      status: 403,
      body: { message: 'This class belongs to another teacher.' },
    });
    expect(await print(tok.teacher, { studentIds: [ana.id, cara.id] })).toMatchObject({
      status: 403,
      body: { message: 'This student is not in your classes.' },
    });
    expect((await print(tok.teacher, { studentIds: [bStudent.id] })).status).toBe(404);
    expect((await print(tok.adminB, { periodId: p.id })).status).toBe(404);
    expect((await print(tok.adminB, { studentIds: [ana.id] })).status).toBe(404);
    expect((await print(tok.student, { studentIds: [ana.id] })).status).toBe(403);
    expect((await print(tok.student, { periodId: p.id })).status).toBe(403);
    // Who left gets none; a teacher is no student.
    expect((await print(tok.teacher, { studentIds: [leaver.id] })).status).toBe(400);
    expect((await print(tok.admin, { studentIds: [teacher.id] })).status).toBe(404);
    expect((await print(tok.teacher, { periodId: p.id, studentIds: [ana.id] })).status).toBe(400);
    // A refused printing made no badge.
    const rows = await ctx.database.db
      .select()
      .from(studentBadges)
      .where(and(eq(studentBadges.schoolId, a.id), eq(studentBadges.studentId, cara.id)));
    expect(rows).toEqual([]);
  });

  it('an admin replaces a lost badge: a new code, and the old one names no one', async () => {
    const old = codeOf((await print(tok.admin, { studentIds: [ben.id] })).body, ben);
    expect((await replace(tok.teacher, ben)).status).toBe(403);
    const res = await replace(tok.admin, ben);
    expect(res).toMatchObject({
      status: 200,
      body: { studentId: ben.id, externalId: ben.externalId, name: 'Ben Bruno' },
    });
    expect(res.body.code).toMatch(CODE);
    expect(res.body.code).not.toBe(old);
    expect(await byBadge(tok.admin, old)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await byBadge(tok.admin, res.body.code)).toMatchObject({
      status: 200,
      body: { id: ben.id },
    });
    // Reprinting keeps the new one.
    expect(codeOf((await print(tok.teacher, { periodId: p.id })).body, ben)).toBe(res.body.code);
    expect((await replace(tok.adminB, ben)).status).toBe(404);
    expect((await replace(tok.admin, leaver)).status).toBe(400);
  });
});

describe('a student by badge', () => {
  it('answers the student to whoever may give to them, the code read as typed', async () => {
    const code = codeOf((await print(tok.admin, { studentIds: [ana.id] })).body, ana);
    const res = await byBadge(tok.teacher, code);
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      id: ana.id,
      _id: ana.id,
      externalId: ana.externalId,
      name: 'Ana Álvarez',
      firstName: 'Ana',
      lastName: 'Álvarez',
      grade: '7',
      house: 'amistad',
      picture: null,
    });
    // Any case, spaces for the dash, O for 0, I or L for 1.
    const typed = ` ${code.toLowerCase().replace('-', ' ').replace(/0/g, 'o').replace(/1/g, 'l')} `;
    expect((await byBadge(tok.teacher, typed)).body).toEqual(res.body);
    expect((await byBadge(tok.admin, code)).status).toBe(200);
    expect((await byBadge(tok.giveAll, code)).status).toBe(200);
  });

  it("answers another teacher's student as a code that names no one when teachers give to their classes only", async () => {
    const code = codeOf((await print(tok.admin, { studentIds: [cara.id] })).body, cara);
    const unknown = await byBadge(tok.teacher, unknownCode());
    expect(unknown).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await byBadge(tok.teacher, code)).toMatchObject({ status: 404, body: unknown.body });
    expect((await byBadge(tok.otherTeacher, code)).status).toBe(200);
    expect((await byBadge(tok.admin, code)).status).toBe(200);
    expect((await byBadge(tok.giveAll, code)).status).toBe(200);
    // Not a code at all: the same.
    for (const typed of ['nothing', 'K7QH-MZP9', '!!!!-!!!!!'])
      expect(await byBadge(tok.teacher, typed)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await byBadge(tok.teacher, code, { 'accept-language': 'es' })).toMatchObject({
      status: 404,
      body: { message: 'Ningún estudiante tiene esta insignia.' },
    });
  });

  it('answers any student of the school when teachers give to all', async () => {
    const codes = (await print(tok.adminG, { studentIds: [gMine.id, gOther.id] })).body;
    expect(await byBadge(tok.teacherG, codeOf(codes, gOther))).toMatchObject({
      status: 200,
      body: { id: gOther.id },
    });
    expect((await byBadge(tok.teacherG, codeOf(codes, gMine))).status).toBe(200);
  });

  it("another school's student is 404; a student may not look; who left or was erased is no one", async () => {
    const db = ctx.database.db;
    const code = codeOf((await print(tok.admin, { studentIds: [ana.id] })).body, ana);
    expect(await byBadge(tok.adminB, code)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await byBadge(tok.adminG, code)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await byBadge(tok.student, code)).status).toBe(403);
    const goes = await makeUser(db, a, ['STUDENT'], { gradeLevel: '7' });
    const gone = await makeUser(db, a, ['STUDENT'], { gradeLevel: '7' });
    const printed = (await print(tok.admin, { studentIds: [goes.id, gone.id] })).body;
    await db.update(users).set({ leftAt: new Date() }).where(eq(users.id, goes.id));
    expect(await byBadge(tok.admin, codeOf(printed, goes))).toMatchObject({ status: 404 });
    const erased = await call(ctx.app, 'POST', `/settings/users/${gone.id}/erase`, {
      token: tok.admin,
      payload: { confirm: `${gone.firstName} ${gone.lastName}` },
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(
      await db.select().from(studentBadges).where(eq(studentBadges.studentId, gone.id)),
    ).toEqual([]);
    expect(await byBadge(tok.admin, codeOf(printed, gone))).toMatchObject({ status: 404 });
    expect((await print(tok.admin, { studentIds: [gone.id] })).status).toBe(400);
  });
});

describe('the PDF', () => {
  it("prints a class's badges with the codes kept, as a PDF to cut", async () => {
    const codes = (await print(tok.teacher, { periodId: p.id })).body;
    const res = await pdf(tok.teacher, `periodId=${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="badges-2nd-period-algebra.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1);
    const texts = pdfTexts(res.rawPayload);
    expect(texts.filter((t) => CODE.test(t)).sort()).toEqual(
      [codeOf(codes, ana), codeOf(codes, ben)].sort(),
    );
    expect(texts).toEqual(
      expect.arrayContaining([
        'Ana Álvarez',
        'Ben Bruno',
        'AÁ',
        'BB',
        'Badge',
        `School code: ${a.externalId}`,
      ]),
    );
  });

  it('fits 10 a page on letter, 8 on A4, in the reader’s language', async () => {
    const db = ctx.database.db;
    const eleven: UserRow[] = [];
    for (let i = 0; i < 11; i++)
      eleven.push(
        await makeUser(db, a, ['STUDENT'], { firstName: 'Zoë', lastName: `Łukasz ${i}` }),
      );
    const big = await makePeriod(db, a, admin, eleven, { periodNumber: 4, name: 'Música' });
    const letter = await pdf(tok.admin, `periodId=${big.id}`);
    expect(letter.statusCode).toBe(200);
    expect((await PDFDocument.load(letter.rawPayload)).getPageCount()).toBe(2);
    expect(pdfTexts(letter.rawPayload)).toContain('Zoë Lukasz 0');
    const eight = eleven.slice(0, 8).map((u) => u.id);
    const a4 = await pdf(tok.admin, `studentIds=${eight.join(',')}&paper=a4`, {
      'accept-language': 'es',
    });
    expect(a4.statusCode).toBe(200);
    expect(a4.headers['content-disposition']).toBe('attachment; filename="badges.pdf"');
    expect((await PDFDocument.load(a4.rawPayload)).getPageCount()).toBe(1);
    expect(pdfPageCount(a4.rawPayload)).toBe(1);
    const nine = await pdf(
      tok.admin,
      `studentIds=${eleven
        .slice(0, 9)
        .map((u) => u.id)
        .join(',')}&paper=a4`,
    );
    expect((await PDFDocument.load(nine.rawPayload)).getPageCount()).toBe(2);
    const texts = pdfTexts(a4.rawPayload);
    expect(texts).toContain('Insignia');
    expect(texts).toContain(`Código de la escuela: ${a.externalId}`);
    expect(texts.filter((t) => CODE.test(t))).toHaveLength(8);
  });

  it('is refused as printing is', async () => {
    expect((await pdf(tok.teacher, `periodId=${p2.id}`)).statusCode).toBe(403);
    expect((await pdf(tok.teacher, `studentIds=${cara.id}`)).statusCode).toBe(403);
    expect((await pdf(tok.student, `periodId=${p.id}`)).statusCode).toBe(403);
    expect((await pdf(tok.adminB, `periodId=${p.id}`)).statusCode).toBe(404);
    expect((await pdf(tok.teacher, `periodId=${p.id}&paper=legal`)).statusCode).toBe(400);
  });
});
