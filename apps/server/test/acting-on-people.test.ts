import { and, eq, isNull, sql } from 'drizzle-orm';
import { MSG, ROLES, rolesCover, type Role } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  credentials,
  passwordLinks,
  periodStudents,
  schoolTokens,
  sessions,
  signInCards,
  users,
} from '../src/db/schema.js';
import { hashToken, newToken } from '../src/lib/tokens.js';
import { createSession } from '../src/modules/auth/service.js';
import { issueSchoolToken } from '../src/modules/identity/school-tokens.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * The role × call matrix with the person acted on (docs/decisions/125-acting-on-a-person.md):
 * every call that takes a user id, for every caller, against a person of every kind. The rule: a
 * caller may act on a person of their own school whose every role their own roles cover; erase is
 * for students only. After every refusal the person's e-mail, password, roles, sessions, school
 * tokens and links are as they were.
 */
const ctx = useTestApp();

type Kind =
  | 'student'
  | 'otherClassStudent'
  | 'teacher'
  | 'storeManager'
  | 'admin'
  | 'superAdmin'
  | 'guardian'
  | 'otherSchool'
  | 'otherDistrict';
const KINDS: Kind[] = [
  'student',
  'otherClassStudent',
  'teacher',
  'storeManager',
  'admin',
  'superAdmin',
  'guardian',
  'otherSchool',
  'otherDistrict',
];
const ROLES_OF: Record<Kind, Role[]> = {
  // A student of the TEACHER-role caller's class; a student of no class of theirs.
  student: ['STUDENT'],
  otherClassStudent: ['STUDENT'],
  teacher: ['TEACHER'],
  storeManager: ['STAFF', 'STORE_MANAGER'],
  admin: ['SCHOOL_ADMIN'],
  // The district's owner, as `npm run setup` makes them.
  superAdmin: ['SUPER_ADMIN', 'SCHOOL_ADMIN'],
  guardian: ['GUARDIAN'],
  otherSchool: ['STUDENT'],
  otherDistrict: ['STUDENT'],
};

type CallName =
  | 'invite'
  | 'token'
  | 'rotate'
  | 'revoke'
  | 'roles'
  | 'erase'
  | 'cards'
  | 'cardsPdf'
  | 'revokeCard'
  | 'password';
/** The calls that give a student a way to sign in (docs/decisions/133-sign-in-cards.md). */
const SIGN_IN_CALLS: CallName[] = ['cards', 'cardsPdf', 'revokeCard', 'password'];
const CALLS: CallName[] = [
  'invite',
  'token',
  'rotate',
  'revoke',
  'roles',
  'erase',
  ...SIGN_IN_CALLS,
];

/*
 * The expected answers, written out: a school admin acts on everyone of the school but a super
 * admin; a super admin on everyone of the school; erase only on a student; another school's or
 * district's person is not found. Every other caller is refused by the call's own permission.
 */
const OK = 200;
const ADMIN_ROW: Record<Kind, number> = {
  student: OK,
  otherClassStudent: OK,
  teacher: OK,
  storeManager: OK,
  admin: OK,
  superAdmin: 403,
  guardian: OK,
  otherSchool: 404,
  otherDistrict: 404,
};
const SUPER_ROW: Record<Kind, number> = { ...ADMIN_ROW, superAdmin: OK };
const ERASE_ROW: Record<Kind, number> = {
  student: OK,
  otherClassStudent: OK,
  teacher: 403,
  storeManager: 403,
  admin: 403,
  superAdmin: 403,
  guardian: 403,
  otherSchool: 404,
  otherDistrict: 404,
};

/**
 * A sign-in card or a password (docs/decisions/133-sign-in-cards.md): an admin or a super admin
 * gives them to any student of the school, a teacher to the students of their classes; no one to
 * anyone who holds a staff role (403), whoever asks.
 */
const SIGN_IN_ROW: Record<Kind, number> = {
  student: OK,
  otherClassStudent: OK,
  teacher: 403,
  storeManager: 403,
  admin: 403,
  superAdmin: 403,
  guardian: 403,
  otherSchool: 404,
  otherDistrict: 404,
};
const TEACHER_SIGN_IN_ROW: Record<Kind, number> = { ...SIGN_IN_ROW, otherClassStudent: 403 };

interface Caller {
  name: string;
  user: UserRow;
  token: string;
  /** Whose people count as "of the school" for this caller. */
  school: SchoolRow;
}

let a: SchoolRow;
let sameDistrict: SchoolRow;
let otherDistrict: SchoolRow;
const callers: Caller[] = [];

function expected(caller: Caller, name: CallName, kind: Kind): number {
  const roles = caller.user.roles;
  const isAdmin = roles.includes('SCHOOL_ADMIN') || roles.includes('SUPER_ADMIN');
  if (SIGN_IN_CALLS.includes(name) && roles.includes('TEACHER') && !isAdmin)
    return TEACHER_SIGN_IN_ROW[kind];
  if (!isAdmin) return 403;
  // Another school's admin: everyone of school A is another school's person, but for the one of
  // their own school.
  const own = caller.school.id === a.id;
  if (!own) {
    const mine = caller.school.id === sameDistrict.id ? 'otherSchool' : 'otherDistrict';
    if (kind !== mine) return 404;
    return name === 'erase' ? ERASE_ROW.student : OK;
  }
  if (name === 'erase') return ERASE_ROW[kind];
  if (SIGN_IN_CALLS.includes(name)) return SIGN_IN_ROW[kind];
  return roles.includes('SUPER_ADMIN') ? SUPER_ROW[kind] : ADMIN_ROW[kind];
}

const schoolOf = (kind: Kind) =>
  kind === 'otherSchool' ? sameDistrict : kind === 'otherDistrict' ? otherDistrict : a;

/** The TEACHER-role caller's class: every person of the kind `student` sits in it. */
let teachersClass: string;

/**
 * A person of the kind, with a password, a live session, a school token, a pending link and a
 * sign-in card.
 */
async function person(kind: Kind) {
  const db = ctx.database.db;
  const school = schoolOf(kind);
  const user = await makeUser(db, school, ROLES_OF[kind], { email: `${kind}@school.example` });
  await createSession(db, school.id, user.id, 8);
  if (kind === 'student')
    await db
      .insert(periodStudents)
      .values({ schoolId: school.id, periodId: teachersClass, studentId: user.id });
  await db
    .insert(signInCards)
    .values({ schoolId: school.id, studentId: user.id, codeHash: hashToken(newToken()) });
  const issued = await issueSchoolToken(db, school.id, null, { userId: user.id, label: kind });
  return { user, tokenId: issued._id };
}
type Person = Awaited<ReturnType<typeof person>>;

/** Everything a call on a person could change. */
async function stateOf(p: Person) {
  const db = ctx.database.db;
  const mine = <T extends { schoolId: any; userId: any }>(t: T) =>
    and(eq(t.schoolId, p.user.schoolId), eq(t.userId, p.user.id));
  const [row] = await db.select().from(users).where(eq(users.id, p.user.id));
  const [cred] = await db.select().from(credentials).where(mine(credentials));
  const [live] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(mine(sessions), isNull(sessions.revokedAt)));
  const tokens = await db
    .select({ id: schoolTokens.id, revokedAt: schoolTokens.revokedAt })
    .from(schoolTokens)
    .where(mine(schoolTokens));
  const links = await db.select().from(passwordLinks).where(mine(passwordLinks));
  const cards = await db
    .select({ hash: signInCards.codeHash })
    .from(signInCards)
    .where(and(eq(signInCards.schoolId, p.user.schoolId), eq(signInCards.studentId, p.user.id)));
  return {
    email: row?.email,
    names: [row?.firstName, row?.lastName, row?.externalId],
    roles: row?.roles,
    password: cred?.passwordHash,
    sessions: live?.n,
    tokens,
    links: links.length,
    cards,
  };
}

function request(name: CallName, p: Person) {
  const id = p.user.id;
  switch (name) {
    case 'invite':
      return {
        method: 'POST' as const,
        url: '/settings/invitations',
        payload: { userId: id, email: 'x@evil.example' },
      };
    case 'token':
      return {
        method: 'POST' as const,
        url: '/settings/school-tokens',
        payload: { userId: id, label: 'x' },
      };
    case 'rotate':
      return { method: 'POST' as const, url: `/settings/school-tokens/${p.tokenId}/rotate` };
    case 'revoke':
      return { method: 'DELETE' as const, url: `/settings/school-tokens/${p.tokenId}` };
    case 'roles':
      return {
        method: 'PUT' as const,
        url: `/settings/users/roles/${id}`,
        payload: { roles: [...p.user.roles, 'STAFF'] },
      };
    case 'erase':
      return {
        method: 'POST' as const,
        url: `/settings/users/${id}/erase`,
        payload: { confirm: `${p.user.firstName} ${p.user.lastName}` },
      };
    case 'cards':
      return { method: 'POST' as const, url: '/sign-in-cards', payload: { studentIds: [id] } };
    case 'cardsPdf':
      return { method: 'GET' as const, url: `/sign-in-cards.pdf?studentIds=${id}` };
    case 'revokeCard':
      return { method: 'DELETE' as const, url: `/sign-in-cards/${id}` };
    case 'password':
      return {
        method: 'PUT' as const,
        url: `/students/${id}/password`,
        payload: { password: 'people matrix phrase' },
      };
  }
}

const shared = {} as Record<Kind, Person>;

beforeAll(async () => {
  const db = ctx.database.db;
  a = await makeSchool(db);
  sameDistrict = await makeSchool(db, { districtId: a.districtId });
  otherDistrict = await makeSchool(db);
  const add = async (name: string, school: SchoolRow, roles: Role[]) => {
    const user = await makeUser(db, school, roles);
    const { token } = await createSession(db, school.id, user.id, 8);
    callers.push({ name, user, token, school });
  };
  for (const role of ROLES) await add(role, a, [role]);
  teachersClass = (await makePeriod(db, a, callers.find((c) => c.name === 'TEACHER')!.user, [])).id;
  await add('admin of another school of the district', sameDistrict, ['SCHOOL_ADMIN']);
  await add("another district's super admin", otherDistrict, ['SUPER_ADMIN', 'SCHOOL_ADMIN']);
  for (const kind of KINDS) shared[kind] = await person(kind);
});

describe('acting on a person: every caller × every call taking a user id × every kind of person', () => {
  it('answers as the rule says, and a refusal changes nothing', async () => {
    const before = Object.fromEntries(
      await Promise.all(KINDS.map(async (k) => [k, await stateOf(shared[k])] as const)),
    );
    const unexpected: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const caller of callers) {
      for (const name of CALLS) {
        for (const kind of KINDS) {
          const want = expected(caller, name, kind);
          // An allowed call changes its person: it gets one of its own.
          const target = want === OK ? await person(kind) : shared[kind];
          const res = await call(ctx.app, request(name, target).method, request(name, target).url, {
            token: caller.token,
            payload: request(name, target).payload,
          });
          if (res.status !== want)
            unexpected.push(
              `${caller.name} ${name} ${kind}: ${res.status} ${JSON.stringify(res.body)}, expected ${want}`,
            );
          if (want === OK) allowed++;
          else refused++;
          if (
            want === 403 &&
            res.status === 403 &&
            caller.user.roles.some((r) => r.includes('ADMIN'))
          )
            expect([MSG.personAbove, MSG.eraseStudentsOnly, MSG.signInForStudentsOnly]).toContain(
              res.body.message,
            );
        }
      }
      // Nothing a refused call touched has moved.
      for (const kind of KINDS)
        expect(await stateOf(shared[kind]), `${caller.name} on ${kind}`).toEqual(before[kind]);
    }
    console.log(
      `people matrix: ${callers.length} callers × ${CALLS.length} calls × ${KINDS.length} people: ${allowed} allowed, ${refused} refused, ${unexpected.length} unexpected`,
    );
    expect(unexpected).toEqual([]);
  });

  it('the written expectations are the domain rule: an admin covers everyone but a super admin', () => {
    for (const kind of KINDS.filter((k) => schoolOf(k) === a)) {
      expect(rolesCover(['SCHOOL_ADMIN'], ROLES_OF[kind]), kind).toBe(ADMIN_ROW[kind] === OK);
      expect(rolesCover(['SUPER_ADMIN'], ROLES_OF[kind]), kind).toBe(SUPER_ROW[kind] === OK);
    }
  });
});

describe('the findings of the probe, one by one', () => {
  const admin = () => callers.find((c) => c.name === 'SCHOOL_ADMIN')!;
  const owner = () => shared.superAdmin;

  it('H1: an admin cannot re-invite the district owner to an address of their own', async () => {
    const res = await call(ctx.app, 'POST', '/settings/invitations', {
      token: admin().token,
      payload: { userId: owner().user.id, email: 'x@evil.example' },
    });
    expect(res).toMatchObject({ status: 403, body: { message: MSG.personAbove } });
    expect((await stateOf(owner())).email).toBe('superAdmin@school.example');
  });

  it('H2: an admin cannot make a school token that signs in as the district owner', async () => {
    const before = (await stateOf(owner())).tokens.length;
    const res = await call(ctx.app, 'POST', '/settings/school-tokens', {
      token: admin().token,
      payload: { userId: owner().user.id, label: 'x' },
    });
    expect(res.status).toBe(403);
    expect((await stateOf(owner())).tokens).toHaveLength(before);
  });

  it('H3: an admin cannot take the district owner down to a student, nor erase them', async () => {
    const res = await call(ctx.app, 'PUT', `/settings/users/roles/${owner().user.id}`, {
      token: admin().token,
      payload: { roles: ['SUPER_ADMIN', 'STUDENT'] },
    });
    expect(res).toMatchObject({ status: 403, body: { message: MSG.personAbove } });
    const erase = await call(ctx.app, 'POST', `/settings/users/${owner().user.id}/erase`, {
      token: admin().token,
      payload: { confirm: `${owner().user.firstName} ${owner().user.lastName}` },
    });
    expect(erase.status).toBe(403);
    expect((await stateOf(owner())).roles).toEqual(['SUPER_ADMIN', 'SCHOOL_ADMIN']);
  });

  it('H3: a staff member who reads reports is not erased, whoever asks', async () => {
    const reports = callers.find((c) => c.name === 'SCHOOLWIDE_REPORTS')!.user;
    for (const who of ['SCHOOL_ADMIN', 'SUPER_ADMIN']) {
      const res = await call(ctx.app, 'POST', `/settings/users/${reports.id}/erase`, {
        token: callers.find((c) => c.name === who)!.token,
        payload: { confirm: `${reports.firstName} ${reports.lastName}` },
      });
      expect(res).toMatchObject({ status: 403, body: { message: MSG.eraseStudentsOnly } });
    }
  });

  it('L4: the roles editor neither grants nor removes GUARDIAN or SUPER_ADMIN, even for a super admin', async () => {
    const teacher = await person('teacher');
    for (const who of ['SCHOOL_ADMIN', 'SUPER_ADMIN']) {
      const token = callers.find((c) => c.name === who)!.token;
      for (const roles of [
        ['TEACHER', 'GUARDIAN'],
        ['TEACHER', 'SUPER_ADMIN'],
      ]) {
        const res = await call(ctx.app, 'PUT', `/settings/users/roles/${teacher.user.id}`, {
          token,
          payload: { roles },
        });
        expect(res).toMatchObject({ status: 403, body: { message: MSG.roleNotEdited } });
      }
    }
    const guardian = await person('guardian');
    const res = await call(ctx.app, 'PUT', `/settings/users/roles/${guardian.user.id}`, {
      token: admin().token,
      payload: { roles: ['STAFF'] },
    });
    expect(res).toMatchObject({ status: 403, body: { message: MSG.roleNotEdited } });
    expect((await stateOf(teacher)).roles).toEqual(['TEACHER']);
    expect((await stateOf(guardian)).roles).toEqual(['GUARDIAN']);
  });

  it('a refusal is in the caller’s language', async () => {
    const res = await call(ctx.app, 'POST', '/settings/school-tokens', {
      token: admin().token,
      payload: { userId: owner().user.id, label: 'x' },
      headers: { 'accept-language': 'es' },
    });
    expect(res).toMatchObject({
      status: 403,
      body: { message: 'No puedes actuar sobre alguien cuyos roles van más allá de los tuyos.' },
    });
  });
});
