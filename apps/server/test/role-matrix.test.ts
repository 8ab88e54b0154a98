import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  API,
  callsOf,
  clockNow,
  formatBadgeCode,
  NO_DEMOGRAPHICS,
  ROLES,
  scopeFor,
  TEACHER_CUSTOM_ACTION,
  todayIn,
  type Action,
  type PermissionSubject,
  type Role,
} from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import {
  activities,
  activityTypes,
  cashierCodes,
  deliveryDates,
  groups,
  groupTypes,
  guardianDigestLinks,
  guardianStudents,
  holidays,
  orders,
  passwordLinks,
  periods,
  rateLimits,
  products,
  rosterImports,
  schoolYears,
  signInCards,
  studentBadges,
  dataExports,
  studentDemographics,
  ssoConfigs,
  uploadGrants,
  users,
  yearOpenings,
} from '../src/db/schema.js';
import { runningJobs } from '../src/modules/roster-import/jobs.js';
import { writeOrders } from '../src/ledger/orders.js';
import { hashToken, newToken } from '../src/lib/tokens.js';
import { writeActivities, type ActivityTypeRow } from '../src/ledger/write.js';
import { subjectOf } from '../src/lib/auth-context.js';
import { createSession, findSession } from '../src/modules/auth/service.js';
import { issueSchoolToken } from '../src/modules/identity/school-tokens.js';
import { newCardCode } from '../src/modules/sign-in-cards/service.js';
import { newCashierCode } from '../src/modules/cashier-codes/service.js';
import { newBadgeCode } from '../src/modules/badges/service.js';
import {
  ADDRESS_LIMIT,
  addressKey,
  schoolAddressKey,
  SIGN_IN_WINDOW_SECONDS,
} from '../src/lib/sign-in-limits.js';
import { schoolDay, typeByName } from './helpers/economy.js';
import { startOidcProvider, type TestOidcProvider } from './helpers/oidc.js';
import {
  makeHouses,
  makePeriod,
  makeSchool,
  makeUser,
  PASSWORD,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { csvParts, emptyRoster } from './helpers/roster-files.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Every API route × every role, against the one permission table (packages/domain/src/policy.ts).
 *
 * School A keeps the default settings (canTeacherGiveAll true, house system on) and has one user
 * per role in ROLES, each holding only that role. The TEACHER-role user teaches period P with two
 * students: S1 and the STUDENT-role user. A second teacher T2 teaches P2 (one student, S2) and is
 * the owner of the objects the "own"-scoped calls aim at, so those roles must be refused there.
 * Every call about one student is also made about S1 (another student, for the STUDENT) and about
 * S2 (another teacher's student, for the TEACHER): see the `others` of its CALLS entry.
 * School B (admin, teacher, student, period, group type, activities, a custom action) exists so
 * that its ids could leak. Callers: the 16 roles (the GUARDIAN is the guardian of the STUDENT; the
 * CASHIER is a cashier code's account, its session held to the code's end), two users who hold two roles each (see
 * TWO_ROLES), no one (no token) and school B's admin. A user of two roles is expected what the
 * table gives the union of their roles: scopeFor takes the widest scope of any of them.
 *
 * The expected answer of a (route, caller) comes from scopeFor(subjectOf(caller), route.action)
 * and the kind of object the call reaches (its CALLS entry's `target`), see expectedInA().
 *
 * Every student of school A has demographics with every field known, and no answer a caller of
 * only student, guardian or teacher roles gets may name a demographic field (issue 34).
 */
const ctx = useTestApp({ NODE_ENV: 'development' });

type PeriodRow = typeof periods.$inferSelect;
/** A fixture user an object may belong to. */
type Who = Role | 'T2';

/**
 * Users of two roles: a student who also teaches (co-teacher of P, a student of T2's P2, with a
 * store of their own) and staff who also manage the school store.
 */
const TWO_ROLES = {
  'STUDENT+TEACHER': ['STUDENT', 'TEACHER'],
  'STAFF+STORE_MANAGER': ['STAFF', 'STORE_MANAGER'],
} as const satisfies Record<string, Role[]>;
type TwoRoles = keyof typeof TWO_ROLES;

/**
 * What one call reaches, which decides who may make it:
 * - public: no session needed; everyone gets an answer;
 * - closed: public, but refused to everyone now (POST setup once a school exists);
 * - own: the caller's own object (their session, their power actions, a custom action of theirs): any scope but none;
 * - narrowed: the server narrows what the call reaches to the caller's scope (a list, or "my gives"): any scope but none;
 * - school: an object of school A outside P: the 'school' scope, or 'own' for its `owner`;
 * - period: an object in P (or in P2 when `period` says so): 'school', 'periods' when the caller
 *   teaches that period, or 'own' for its `owner`.
 */
type Target =
  | { kind: 'public' }
  | { kind: 'closed' }
  | { kind: 'own' }
  | { kind: 'narrowed' }
  | { kind: 'school'; owner?: Who }
  | { kind: 'period'; owner?: Who; period?: 'P2' };

interface Req {
  url: string;
  payload?: unknown;
  /** Besides the session's: e.g. an upload's content type. */
  headers?: Record<string, string>;
}

interface Caller {
  name: string;
  kind: 'role' | 'anon' | 'otherSchool';
  user?: UserRow;
  token?: string;
  subject?: PermissionSubject;
}

interface CallSpec {
  target: Target;
  /** One valid request for the caller; creates a fresh object first when the call uses it up. */
  build: (fx: Fixture, caller: Caller) => Promise<Req>;
  /**
   * How school B's admin fares when the default does not say it (default: refused when the request
   * names a school A id, else answered without any school A id): 'deny' when school A's object is
   * named by something other than an id; 'open' for calls that read any school by design.
   */
  crossSchool?: 'deny' | 'open';
  /**
   * The same call about other students than `build`'s (about S1, another student of P; about S2, a
   * student of T2's P2). A caller with a scope for the action who is refused there gets 403, not
   * 404: the student exists in their school, out of their reach.
   */
  others?: {
    about: string;
    target: Target;
    build: CallSpec['build'];
    /** When this request asks for another action of the table than the route's (a district export). */
    action?: Action;
  }[];
}

interface Fixture {
  db: Db;
  a: SchoolRow;
  b: SchoolRow;
  /** School A's user of each role. */
  role: Record<Role, UserRow>;
  /** School A's users of two roles. */
  two: Record<TwoRoles, UserRow>;
  t2: UserRow;
  /** The student of P who is not the STUDENT-role user. */
  s1: UserRow;
  /** The student of T2's P2: in no class of the TEACHER's. */
  s2: UserRow;
  /** P: taught by the TEACHER-role user; S1 and the STUDENT-role user. */
  p: PeriodRow;
  p2: PeriodRow;
  day: string;
  bonus: ActivityTypeRow;
  /** A group type of P with one group (S1, STUDENT), read and renamed by the calls. */
  groupType: { id: string; groupId: string };
  /** An activity T2 gave S1 in P (edited by the calls). */
  activityOfT2: string;
  holidayToAdd: string;
  holidayToRemove: string;
  adminB: UserRow;
  /** A school of school A's district (B is in another): the district calls aim at it. */
  c: SchoolRow;
  /** A free, unlimited school store product of school A, and one of the TEACHER's store. */
  freeItem: string;
  teacherItem: string;
  /** A product of the STUDENT+TEACHER's store. */
  studentTeacherItem: string;
  /** School A's Clever: an OpenID provider on loopback where S1 signs in. */
  idp: TestOidcProvider;
}

const PUBLIC: Target = { kind: 'public' };
const CLOSED: Target = { kind: 'closed' };
const isPublic = (t: Target) => t.kind === 'public' || t.kind === 'closed';
const OWN: Target = { kind: 'own' };
const NARROWED: Target = { kind: 'narrowed' };
const SCHOOL: Target = { kind: 'school' };
const PERIOD: Target = { kind: 'period' };
/** A student of P other than the STUDENT-role user (S1), and a student of T2's P2 (S2). */
const CLASSMATE: Target = { kind: 'period' };
const OTHER_CLASS: Target = { kind: 'period', period: 'P2' };

const who = (fx: Fixture, w: Who): UserRow => (w === 'T2' ? fx.t2 : fx.role[w]);
const teaches = (p: PeriodRow, u: UserRow) =>
  p.teacherId === u.id || p.coTeachers.includes(u.externalId);

let seq = 0;
/** An activity T2 gives S1 in P today (optionally through a group): T2 owns it, P holds it. */
async function freshActivity(fx: Fixture, groupId: string | null = null): Promise<string> {
  return (await freshGive(fx, groupId)).ids[0]!;
}

/** One give of a bonus by T2 to S1 in P today. */
async function freshGive(
  fx: Fixture,
  groupId: string | null = null,
): Promise<{ giveId: string; ids: string[] }> {
  return fx.db.transaction((tx) =>
    writeActivities(
      tx,
      fx.a.id,
      [{ studentId: fx.s1.id, type: fx.bonus, points: fx.bonus.points }],
      {
        date: fx.day,
        comment: 'matrix',
        periodId: fx.p.id,
        groupId,
        givenBy: fx.t2.id,
      },
    ),
  );
}

/** A group type of P with one group holding S1, made by the school admin. */
async function freshGroupType(fx: Fixture): Promise<{ id: string; groupId: string }> {
  const [t] = await fx.db
    .insert(groupTypes)
    .values({
      schoolId: fx.a.id,
      name: `Tables ${++seq}`,
      periodId: fx.p.id,
      createdBy: fx.role.SCHOOL_ADMIN.id,
    })
    .returning();
  const [g] = await fx.db
    .insert(groups)
    .values({ schoolId: fx.a.id, groupTypeId: t!.id, name: 'Red', studentIds: [fx.s1.id] })
    .returning();
  return { id: t!.id, groupId: g!.id };
}

/** A custom action of T2's. */
async function freshCustomOfT2(fx: Fixture): Promise<string> {
  const [t] = await fx.db
    .insert(activityTypes)
    .values({
      schoolId: fx.a.id,
      name: `T2 cheer ${++seq}`,
      category: 'Bonuses',
      points: 2,
      type: TEACHER_CUSTOM_ACTION,
      ownerId: fx.t2.id,
    })
    .returning();
  return t!.id;
}

/** A product of school A: the school store's, or a teacher's. */
async function freshProduct(fx: Fixture, teacherId: string | null = null): Promise<string> {
  const [p] = await fx.db
    .insert(products)
    .values({
      schoolId: fx.a.id,
      store: teacherId ? 'Teacher' : 'School',
      teacherId,
      name: `Matrix item ${++seq}`,
      category: 'Items',
      price: 0,
      stock: null,
    })
    .returning();
  return p!.id;
}

/** A pending school store order of the STUDENT's (the free item). */
async function freshOrderOfStudent(fx: Fixture): Promise<string> {
  const [id] = await fx.db.transaction((tx) =>
    writeOrders(tx, fx.a.id, fx.day, new Date(), [
      {
        studentId: fx.role.STUDENT.id,
        store: 'School',
        teacherId: null,
        estimatedDelivery: null,
        cutOffDate: null,
        placedBy: fx.role.STUDENT.id,
        items: [
          { productId: fx.freeItem, name: 'Free item', price: 0, quantity: 1, category: 'Items' },
        ],
      },
    ]),
  );
  return id!;
}

/** A fresh upload link of the store manager's (its token is the authority, so the call is public). */
async function freshUploadUrl(fx: Fixture): Promise<string> {
  const token = newToken();
  await fx.db.insert(uploadGrants).values({
    tokenHash: hashToken(token),
    schoolId: fx.a.id,
    userId: fx.role.STORE_MANAGER.id,
    imageId: randomUUID(),
    expiresAt: new Date(Date.now() + 60_000), // upload grants are written and read by the server's clock
  });
  return `/uploads/${token}`;
}

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A finished roster import of school A's. */
async function freshRosterImport(fx: Fixture): Promise<string> {
  const [r] = await fx.db
    .insert(rosterImports)
    .values({ schoolId: fx.a.id, status: 'done', startedBy: fx.role.SCHOOL_ADMIN.id })
    .returning();
  return r!.id;
}

/** A finished data export of school A's, still downloadable. */
async function freshExport(fx: Fixture): Promise<string> {
  const file = Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'latin1'); // an empty zip
  const [r] = await fx.db
    .insert(dataExports)
    .values({
      schoolId: fx.a.id,
      scope: 'school',
      status: 'done',
      file,
      fileBytes: file.length,
      expiresAt: sql`now() + interval '1 hour'`,
    })
    .returning();
  return r!.id;
}

/** A delivery date of school A's, 30 days ahead. */
async function freshDeliveryDate(fx: Fixture): Promise<string> {
  const date = addDays(todayIn(fx.a.timeZone), 30);
  const [d] = await fx.db
    .insert(deliveryDates)
    .values({ schoolId: fx.a.id, date, cutOffDate: date })
    .returning();
  return d!.id;
}

/** A fresh account-setup or reset link for a fresh user of school A (the link's token). */
async function freshPasswordLink(fx: Fixture, kind: 'setup' | 'reset'): Promise<string> {
  const u = await makeUser(fx.db, fx.a, ['STUDENT']);
  const token = newToken();
  await fx.db.insert(passwordLinks).values({
    tokenHash: hashToken(token),
    kind,
    schoolId: fx.a.id,
    userId: u.id,
    email: 'matrix@example.org',
    expiresAt: sql`now() + interval '10 minutes'`,
  });
  return token;
}

/** A fresh one-time sign-in link of the GUARDIAN-role user (its token). */
async function freshSignInLink(fx: Fixture): Promise<string> {
  const token = newToken();
  await fx.db.insert(passwordLinks).values({
    tokenHash: hashToken(token),
    kind: 'signin',
    schoolId: fx.a.id,
    userId: fx.role.GUARDIAN.id,
    email: 'matrix-guardian@example.org',
    expiresAt: sql`now() + interval '10 minutes'`,
  });
  return token;
}

/** A fresh unsubscribe token of the GUARDIAN-role user's digest. */
async function freshUnsubscribeToken(fx: Fixture): Promise<string> {
  const token = `${fx.a.id}.${newToken()}`;
  await fx.db
    .insert(guardianDigestLinks)
    .values({ schoolId: fx.a.id, tokenHash: hashToken(token), guardianId: fx.role.GUARDIAN.id });
  return token;
}

/** A fresh school token of school A (for S1); its id and the token. */
const freshSchoolToken = (fx: Fixture) =>
  issueSchoolToken(fx.db, fx.a.id, null, { userId: fx.s1.id });

/** The student's badge code as printed: the one they have, or a new one (issue 35). */
async function badgeOf(fx: Fixture, student: UserRow): Promise<string> {
  await fx.db
    .insert(studentBadges)
    .values({ schoolId: fx.a.id, studentId: student.id, code: newBadgeCode() })
    .onConflictDoNothing();
  const [b] = await fx.db
    .select({ code: studentBadges.code })
    .from(studentBadges)
    .where(eq(studentBadges.studentId, student.id));
  return formatBadgeCode(b!.code);
}

/**
 * A cashier code of school A for `user` (a fresh CASHIER account when none is given), ending in
 * five hours by the rules' clock: its code and id (issue 35).
 */
async function freshCashierCode(
  fx: Pick<Fixture, 'db' | 'a'>,
  user?: UserRow,
): Promise<{ code: string; id: string }> {
  const code = newCashierCode();
  const userId =
    user?.id ??
    (
      await fx.db
        .insert(users)
        .values({
          schoolId: fx.a.id,
          externalId: `cashier:${++seq}`,
          firstName: 'Matrix volunteer',
          lastName: '',
          roles: ['CASHIER'],
        })
        .returning()
    )[0]!.id;
  const [c] = await fx.db
    .insert(cashierCodes)
    .values({
      schoolId: fx.a.id,
      label: 'Matrix volunteer',
      codeHash: hashToken(code),
      userId,
      expiresAt: new Date(clockNow().getTime() + 5 * 3_600_000),
    })
    .returning();
  return { code, id: c!.id };
}

/** A sale made at school A's counter to S1 (the free item): a school store order handed over. */
async function freshCounterSale(fx: Fixture): Promise<string> {
  const [id] = await fx.db.transaction((tx) =>
    writeOrders(tx, fx.a.id, fx.day, new Date(), [
      {
        studentId: fx.s1.id,
        store: 'School',
        teacherId: null,
        status: 'REDEEMED',
        estimatedDelivery: fx.day,
        cutOffDate: null,
        placedBy: fx.role.CASHIER.id,
        items: [
          { productId: fx.freeItem, name: 'Free item', price: 0, quantity: 1, category: 'Items' },
        ],
      },
    ]),
  );
  return id!;
}

/** A fresh sign-in card of S1's (its code; S1's card before it stops working). */
async function freshCard(fx: Fixture): Promise<string> {
  const code = newCardCode();
  await fx.db
    .insert(signInCards)
    .values({ schoolId: fx.a.id, studentId: fx.s1.id, codeHash: hashToken(code) })
    .onConflictDoUpdate({
      target: [signInCards.schoolId, signInCards.studentId],
      set: { codeHash: hashToken(code) },
    });
  return code;
}

/** An address refused now after failed sign-ins against the names of A and B, for their admins to lift. */
let addresses = 0;
async function freshRefusedAddress(fx: Fixture): Promise<string> {
  const address = `198.51.100.${++addresses}`;
  await fx.db.insert(rateLimits).values(
    [
      addressKey(address),
      schoolAddressKey(fx.a.id, address),
      schoolAddressKey(fx.b.id, address),
    ].map((key) => ({
      key,
      windowSeconds: SIGN_IN_WINDOW_SECONDS,
      windowStart: new Date(),
      hits: ADDRESS_LIMIT,
    })),
  );
  return address;
}

/** A Clever client for the school (A, and B for its admin), so that removing one finds one. */
async function freshClassLink(fx: Fixture): Promise<void> {
  for (const school of [fx.a, fx.b])
    await fx.db
      .insert(ssoConfigs)
      .values({
        schoolId: school.id,
        provider: 'classlink',
        issuer: 'https://classlink.example.org',
        clientId: 'm',
        clientSecret: 's',
      })
      .onConflictDoNothing();
}

/**
 * `others` for a call about one student, the request made by `req` for a student's id: about S1
 * (another student of P) and S2 (a student of T2's P2), or only those named in `which`.
 */
const aboutOthers = (
  req: (fx: Fixture, studentId: string, c: Caller) => Req,
  which: ('S1' | 'S2')[] = ['S1', 'S2'],
): CallSpec['others'] =>
  which.map((about) => ({
    about,
    target: about === 'S1' ? CLASSMATE : OTHER_CLASS,
    build: async (fx: Fixture, c: Caller) => req(fx, (about === 'S1' ? fx.s1 : fx.s2).id, c),
  }));

/** The same call named about the STUDENT-role user (the GUARDIAN-role user's child, a student of P). */
const aboutStudent = (req: (fx: Fixture) => Req): NonNullable<CallSpec['others']>[number] => ({
  about: 'STUDENT',
  target: { kind: 'period', owner: 'STUDENT' },
  build: async (fx: Fixture) => req(fx),
});

/**
 * One valid request per call of the contract, keyed `METHOD path` as it declares them. Each says which object it
 * targets; unless noted the target is school A's, in P, and not the caller's.
 */
const CALLS: Record<string, CallSpec> = {
  // System status and release: public.
  'GET /api/v1/status': { target: PUBLIC, build: async () => ({ url: '/status' }) },
  'GET /api/v1/release': { target: PUBLIC, build: async () => ({ url: '/release' }) },
  // Signs in as the caller (as the TEACHER for no one): a new session; the caller's stays valid.
  'POST /api/v1/auth/login': {
    target: PUBLIC,
    build: async (fx, c) => ({
      url: '/auth/login',
      payload: { username: (c.user ?? fx.role.TEACHER).username, password: PASSWORD },
    }),
  },
  // SSO at school A's Clever (a provider on loopback): a state, and S1's sign-in through it (a new session).
  'GET /api/v1/auth/login/sso/state': {
    target: PUBLIC,
    build: async (fx) => ({
      url: `/auth/login/sso/state?provider=clever&school=${fx.a.externalId}`,
    }),
  },
  'POST /api/v1/auth/login/sso': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => {
      const res = await call(
        ctx.app,
        'GET',
        `/auth/login/sso/state?provider=clever&school=${fx.a.externalId}`,
      );
      const back = await fx.idp.authorize(res.body.authorizationUrl, fx.s1.externalId);
      return {
        url: '/auth/login/sso',
        payload: {
          provider: 'clever',
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
        },
        headers: { cookie: String(res.headers['set-cookie']).split(';')[0]! },
      };
    },
  },
  // A fresh sign-in card of S1's: signs in as S1, whoever sends it.
  'POST /api/v1/auth/login/card': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({ url: '/auth/login/card', payload: { code: await freshCard(fx) } }),
  },
  // A fresh cashier code of school A's: signs in as its CASHIER account, whoever sends it.
  'POST /api/v1/auth/login/cashier': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({
      url: '/auth/login/cashier',
      payload: { code: (await freshCashierCode(fx)).code },
    }),
  },
  // A fresh school token of school A's: signs in as S1.
  'POST /api/v1/auth/login/school': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({
      url: '/auth/login/school',
      payload: { externalSchoolId: fx.a.externalId, token: (await freshSchoolToken(fx)).token },
    }),
  },
  // Fresh links for fresh users of school A: what the setup page shows, the setup, a reset. These
  // sign-ins (like SSO's and the school token's) answer the school A user the credential names,
  // whoever sends it (school B's admin included, hence 'open').
  'GET /api/v1/auth/account-setup': {
    target: PUBLIC,
    build: async (fx) => ({
      url: `/auth/account-setup?token=${await freshPasswordLink(fx, 'setup')}`,
    }),
  },
  'POST /api/v1/auth/account-setup': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({
      url: '/auth/account-setup',
      payload: { token: await freshPasswordLink(fx, 'setup'), password: 'matrix pass phrase' },
    }),
  },
  'POST /api/v1/auth/reset-password': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({
      url: '/auth/reset-password',
      payload: { token: await freshPasswordLink(fx, 'reset'), password: 'matrix pass phrase' },
    }),
  },
  // The one answer, whoever asks (a new address each time: asks per address are limited).
  'POST /api/v1/auth/forgot-password': {
    target: PUBLIC,
    build: async () => ({
      url: '/auth/forgot-password',
      payload: { email: `matrix-${++seq}@example.org` },
    }),
  },

  // A one-time sign-in link for a guardian's address (the one answer, whoever asks; a new address each time).
  'POST /api/v1/auth/login/email-link': {
    target: PUBLIC,
    build: async () => ({
      url: '/auth/login/email-link',
      payload: { email: `matrix-link-${++seq}@example.org` },
    }),
  },
  // A fresh sign-in link of the GUARDIAN-role user: its token signs them in.
  'POST /api/v1/auth/login/email-link/use': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({
      url: '/auth/login/email-link/use',
      payload: { token: await freshSignInLink(fx) },
    }),
  },
  // The weekly digest's one-click unsubscribe (the token is the authority): a fresh link of the GUARDIAN's.
  'GET /api/v1/guardian/unsubscribe': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({
      url: `/guardian/unsubscribe?token=${await freshUnsubscribeToken(fx)}`,
    }),
  },
  'POST /api/v1/guardian/unsubscribe': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({
      url: `/guardian/unsubscribe?token=${await freshUnsubscribeToken(fx)}`,
    }),
  },
  // The caller's own children (a guardian's).
  'GET /api/v1/guardian/children': {
    target: OWN,
    build: async () => ({ url: '/guardian/children' }),
  },

  // A message to the caller's school (school A's code for no one).
  'POST /api/v1/utility/contact': {
    target: PUBLIC,
    build: async (fx) => ({
      url: '/utility/contact',
      payload: {
        userName: 'Matrix',
        userSchool: fx.a.externalId,
        userEmail: 'matrix@example.org',
        userRole: 'Teacher',
        userMessage: 'Hello',
      },
    }),
  },

  // The caller's own session.
  'POST /api/v1/auth/me': { target: OWN, build: async () => ({ url: '/auth/me' }) },
  // Ends the caller's own session: the loop signs the caller in again after it.
  'POST /api/v1/auth/logout': { target: OWN, build: async () => ({ url: '/auth/logout' }) },
  // The caller's own language (null: the browser's); leaves the caller as they were.
  'PUT /api/v1/profile/language': {
    target: OWN,
    build: async () => ({ url: '/profile/language', payload: { language: null } }),
  },

  // The caller's periods: a teacher's own ("mine"), the school's for whole-school readers.
  'GET /api/v1/periods': { target: NARROWED, build: async () => ({ url: '/periods' }) },
  // P's class page.
  'GET /api/v1/periods/:id': {
    target: PERIOD,
    build: async (fx) => ({ url: `/periods/${fx.p.id}` }),
  },
  // P's co-teachers; P's main teacher (its owner) is the TEACHER. Sets the one it has (the STUDENT+TEACHER).
  'PUT /api/v1/periods/:id/co-teachers': {
    target: { kind: 'period', owner: 'TEACHER' },
    build: async (fx) => ({
      url: `/periods/${fx.p.id}/co-teachers`,
      payload: { coTeachers: [fx.two['STUDENT+TEACHER'].externalId] },
    }),
  },

  // School A's grade levels, students and houses.
  'GET /api/v1/school/grade-levels': {
    target: SCHOOL,
    build: async () => ({ url: '/school/grade-levels' }),
  },
  'GET /api/v1/school/students': {
    target: SCHOOL,
    build: async () => ({ url: '/school/students' }),
  },
  'GET /api/v1/school/houses': { target: SCHOOL, build: async () => ({ url: '/school/houses' }) },
  // School A's contact messages.
  'GET /api/v1/utility/contact': {
    target: SCHOOL,
    build: async () => ({ url: '/utility/contact' }),
  },
  // The caller's own periods' figures.
  'GET /api/v1/utility/teacher/period-meta': {
    target: NARROWED,
    build: async () => ({ url: '/utility/teacher/period-meta' }),
  },
  // School A's teachers.
  'GET /api/v1/utility/list/co-teachers': {
    target: SCHOOL,
    build: async () => ({ url: '/utility/list/co-teachers' }),
  },

  // School A's configuration (its school scope; 'global' shares the URL, so the school scope it is).
  'GET /api/v1/configuration/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/configuration/${fx.a.id}` }),
  },
  'POST /api/v1/configuration/:id': {
    target: SCHOOL,
    build: async (fx) => ({
      url: `/configuration/${fx.a.id}`,
      payload: { key: 'matrix.flag', value: 'on' },
    }),
  },

  // P's group types.
  'GET /api/v1/group-types': {
    target: PERIOD,
    build: async (fx) => ({ url: `/group-types?internalPeriodId=${fx.p.id}` }),
  },
  // A new group type of P.
  'POST /api/v1/group-types': {
    target: PERIOD,
    build: async (fx) => ({
      url: '/group-types',
      payload: {
        name: 'Teams',
        internalPeriodId: fx.p.id,
        groups: [{ name: 'Red', studentIds: [fx.s1.id] }],
      },
    }),
  },
  // The fixture's group type of P.
  'GET /api/v1/group-types/:id': {
    target: PERIOD,
    build: async (fx) => ({ url: `/group-types/${fx.groupType.id}` }),
  },
  // The fixture's group type of P, renamed, its group kept.
  'PUT /api/v1/group-types/:id': {
    target: PERIOD,
    build: async (fx) => ({
      url: `/group-types/${fx.groupType.id}`,
      payload: {
        name: `Tables ${++seq}`,
        groups: [{ _id: fx.groupType.groupId, name: 'Red', studentIds: [fx.s1.id] }],
      },
    }),
  },
  // A fresh group type of P.
  'DELETE /api/v1/group-types/:id': {
    target: PERIOD,
    build: async (fx) => ({ url: `/group-types/${(await freshGroupType(fx)).id}` }),
  },
  // Takes back what was given through a fresh group of P today (a fresh activity T2 gave S1 through
  // it). The server narrows the removal to what the caller may change (everyone's with a school
  // scope, else their own gives: 200 with removed 0) instead of refusing; it also needs the
  // group's period within groupTypes:read, which every activity:change holder here has for P.
  'DELETE /api/v1/group-types/:id/groups/:groupId/activity': {
    target: NARROWED,
    build: async (fx) => {
      const g = await freshGroupType(fx);
      await freshActivity(fx, g.groupId);
      return { url: `/group-types/${g.id}/groups/${g.groupId}/activity?date=${fx.day}` };
    },
  },

  // Absences among the caller's students on the school day.
  'GET /api/v1/activity/absent': {
    target: NARROWED,
    build: async (fx) => ({ url: `/activity/absent?date=${fx.day}` }),
  },
  // S1 (of P) absent on the school day, and back (both idempotent).
  'POST /api/v1/activity/absent/:id': {
    target: PERIOD,
    build: async (fx) => ({ url: `/activity/absent/${fx.s1.id}?date=${fx.day}` }),
    others: aboutOthers((fx, id) => ({ url: `/activity/absent/${id}?date=${fx.day}` }), ['S2']),
  },
  'DELETE /api/v1/activity/absent/:id': {
    target: PERIOD,
    build: async (fx) => ({ url: `/activity/absent/${fx.s1.id}?date=${fx.day}` }),
    others: aboutOthers((fx, id) => ({ url: `/activity/absent/${id}?date=${fx.day}` }), ['S2']),
  },

  // School A's calendar.
  'GET /api/v1/calendar': { target: SCHOOL, build: async () => ({ url: '/calendar' }) },
  // A holiday of school A's, 20 days ahead (an upsert).
  'POST /api/v1/calendar/holidays': {
    target: SCHOOL,
    build: async (fx) => ({
      url: '/calendar/holidays',
      payload: { date: fx.holidayToAdd, name: 'Matrix day' },
    }),
  },
  // A fresh holiday of school A's, 21 days ahead. Named by its date, not an id: school B has none
  // on that date, so its admin is 404 (crossSchool 'deny').
  'DELETE /api/v1/calendar/holidays/:date': {
    target: SCHOOL,
    crossSchool: 'deny',
    build: async (fx) => {
      await fx.db
        .insert(holidays)
        .values({ schoolId: fx.a.id, date: fx.holidayToRemove, name: 'Gone' })
        .onConflictDoNothing();
      return { url: `/calendar/holidays/${fx.holidayToRemove}` };
    },
  },

  // A Kindness bonus to S1 in class P on the school day.
  'POST /api/v1/activity/bulk': {
    target: PERIOD,
    build: async (fx) => ({
      url: '/activity/bulk',
      payload: {
        externalStudentIds: [fx.s1.externalId],
        internalPeriodId: fx.p.id,
        activityTypes: [fx.bonus.id],
        date: fx.day,
      },
    }),
  },
  // Activities of P the caller may read (a student their own, a teacher their classes', whole-school roles all).
  // Also one student's: S1's, S2's.
  'GET /api/v1/activity/': {
    target: NARROWED,
    build: async (fx) => ({ url: `/activity/?internalPeriodId=${fx.p.id}` }),
    others: [
      ...aboutOthers((_fx, id) => ({ url: `/activity/?studentId=${id}` }))!,
      aboutStudent((fx) => ({ url: `/activity/?studentId=${fx.role.STUDENT.id}` })),
    ],
  },
  // School A's audit trail.
  'GET /api/v1/activity/audit': { target: SCHOOL, build: async () => ({ url: '/activity/audit' }) },
  // The activity T2 gave S1 in P: its giver (T2) or a school scope changes it.
  'PUT /api/v1/activity/:id': {
    target: { kind: 'period', owner: 'T2' },
    build: async (fx) => ({
      url: `/activity/${fx.activityOfT2}`,
      payload: { comment: `matrix ${++seq}` },
    }),
  },
  // A fresh activity T2 gave S1 in P.
  'DELETE /api/v1/activity/:id': {
    target: { kind: 'period', owner: 'T2' },
    build: async (fx) => ({ url: `/activity/${await freshActivity(fx)}` }),
  },
  // A fresh give of T2's in P: its giver or a school scope undoes it.
  'DELETE /api/v1/activity/give/:id': {
    target: { kind: 'period', owner: 'T2' },
    build: async (fx) => ({ url: `/activity/give/${(await freshGive(fx)).giveId}` }),
  },
  // School A's activity types as the caller sees them.
  'GET /api/v1/activity/options': {
    target: SCHOOL,
    build: async () => ({ url: '/activity/options' }),
  },
  // A custom action of the caller's own (reused by name on a second call).
  'POST /api/v1/activity/options/custom': {
    target: OWN,
    build: async () => ({
      url: '/activity/options/custom',
      payload: { name: 'Matrix cheer', category: 'Bonuses', points: 3 },
    }),
  },
  // A fresh custom action of T2's (not in any period): its owner or a school scope removes it.
  'DELETE /api/v1/activity/options/custom/:id': {
    target: { kind: 'school', owner: 'T2' },
    build: async (fx) => ({ url: `/activity/options/custom/${await freshCustomOfT2(fx)}` }),
  },
  // The caller's own power actions (their own user id); none.
  'PUT /api/v1/settings/power-actions/:id': {
    target: OWN,
    build: async (fx, c) => ({
      url: `/settings/power-actions/${(c.user ?? fx.role.TEACHER).id}`,
      payload: { powerActions: [] },
    }),
  },
  // P's class figures on the school day.
  'GET /api/v1/activity/class-stats/:id': {
    target: PERIOD,
    build: async (fx) => ({ url: `/activity/class-stats/${fx.p.id}?date=${fx.day}` }),
  },
  'GET /api/v1/activity/period-stats-details/:id': {
    target: PERIOD,
    build: async (fx) => ({ url: `/activity/period-stats-details/${fx.p.id}?date=${fx.day}` }),
  },

  // The STUDENT-role user's balance: a student of P, and the STUDENT's own. Also S1's (the
  // STUDENT's classmate) and S2's (another teacher's student): a student naming another is refused.
  'GET /api/v1/utility/student/balance/stats': {
    target: { kind: 'period', owner: 'STUDENT' },
    build: async (fx) => ({
      url: `/utility/student/balance/stats?studentId=${fx.role.STUDENT.id}`,
    }),
    others: aboutOthers((_fx, id) => ({ url: `/utility/student/balance/stats?studentId=${id}` })),
  },
  'POST /api/v1/utility/student/balance': {
    target: { kind: 'period', owner: 'STUDENT' },
    build: async (fx) => ({
      url: '/utility/student/balance',
      payload: { endDates: [fx.day], studentId: fx.role.STUDENT.id },
    }),
    others: aboutOthers((fx, id) => ({
      url: '/utility/student/balance',
      payload: { endDates: [fx.day], studentId: id },
    })),
  },
  // The STUDENT-role user's dashboard and projections: the same reach as the balance.
  'GET /api/v1/utility/student/dashboard/stats': {
    target: { kind: 'period', owner: 'STUDENT' },
    build: async (fx) => ({
      url: `/utility/student/dashboard/stats?studentId=${fx.role.STUDENT.id}&startDate=${addDays(fx.day, -6)}&endDate=${fx.day}`,
    }),
    others: aboutOthers((fx, id) => ({
      url: `/utility/student/dashboard/stats?studentId=${id}&startDate=${addDays(fx.day, -6)}&endDate=${fx.day}`,
    })),
  },
  'GET /api/v1/utility/student/academic-projections': {
    target: { kind: 'period', owner: 'STUDENT' },
    build: async (fx) => ({
      url: `/utility/student/academic-projections?studentId=${fx.role.STUDENT.id}`,
    }),
    others: aboutOthers((_fx, id) => ({
      url: `/utility/student/academic-projections?studentId=${id}`,
    })),
  },

  // The store. School A's school store and teacher stores, as each caller may see them.
  'GET /api/v1/products/school-store': {
    target: SCHOOL,
    build: async () => ({ url: '/products/school-store' }),
  },
  'GET /api/v1/products/teacher-store': {
    target: SCHOOL,
    build: async () => ({ url: '/products/teacher-store' }),
  },
  // A new school store product (a new name each time).
  'POST /api/v1/products/school': {
    target: SCHOOL,
    build: async () => ({
      url: '/products/school',
      payload: { name: `Matrix ${++seq}`, category: 'Items', price: 1 },
    }),
  },
  // A new product in the caller's own teacher store.
  'POST /api/v1/products/teacher': {
    target: OWN,
    build: async () => ({
      url: '/products/teacher',
      payload: { name: `Matrix ${++seq}`, category: 'Privileges', price: 1 },
    }),
  },
  // A fresh school store product.
  'DELETE /api/v1/products/school/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/products/school/${await freshProduct(fx)}` }),
  },
  // A fresh product of the TEACHER's store: its teacher removes it.
  'DELETE /api/v1/products/teacher/:id': {
    target: { kind: 'school', owner: 'TEACHER' },
    build: async (fx) => ({
      url: `/products/teacher/${await freshProduct(fx, fx.role.TEACHER.id)}`,
    }),
  },
  // The caller's own cart (students).
  'GET /api/v1/cart': { target: OWN, build: async () => ({ url: '/cart' }) },
  'POST /api/v1/cart': {
    target: OWN,
    build: async (fx) => ({
      url: '/cart',
      payload: { cartItems: [{ productId: fx.freeItem, quantity: 1 }] },
    }),
  },
  'DELETE /api/v1/cart': { target: OWN, build: async () => ({ url: '/cart' }) },
  // The caller's own saving goal and bell (students).
  'GET /api/v1/goal': { target: OWN, build: async () => ({ url: '/goal' }) },
  'PUT /api/v1/goal': {
    target: OWN,
    build: async (fx) => ({ url: '/goal', payload: { productId: fx.freeItem } }),
  },
  'DELETE /api/v1/goal': { target: OWN, build: async () => ({ url: '/goal' }) },
  'GET /api/v1/notifications': { target: OWN, build: async () => ({ url: '/notifications' }) },
  'POST /api/v1/notifications/read': {
    target: OWN,
    build: async () => ({ url: '/notifications/read', payload: { upTo: '0' } }),
  },
  // School A's store state and the caller's delivery date; the store opened (as it is).
  'GET /api/v1/store/meta': { target: SCHOOL, build: async () => ({ url: '/store/meta' }) },
  // School A's settings, set to what they are (the matrix's other calls depend on them).
  'GET /api/v1/settings': { target: SCHOOL, build: async () => ({ url: '/settings' }) },
  'PUT /api/v1/settings/house-system': {
    target: SCHOOL,
    build: async () => ({
      url: '/settings/house-system',
      payload: { isHouseSystemConfigured: true },
    }),
  },
  'PUT /api/v1/settings/advanced': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/advanced', payload: { adminFlagPoints: 5 } }),
  },
  // School A's profile, saved as it is (a school type from the list; not elementary, like before).
  'GET /api/v1/settings/school': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/school' }),
  },
  'PUT /api/v1/settings/school': {
    target: SCHOOL,
    build: async (fx) => ({
      url: '/settings/school',
      payload: {
        name: fx.a.name,
        timeZone: fx.a.timeZone,
        schoolType: 'Middle',
        storeModel: fx.a.storeModel,
        hasHouseSystem: fx.a.hasHouseSystem,
        canTeacherGiveAll: fx.a.canTeacherGiveAll ?? true,
        currencyName: fx.a.currencyName,
        currencyNameOne: fx.a.currencyNameOne,
      },
    }),
  },
  // School A's users and their roles; the roles of a fresh staff member of school A.
  'GET /api/v1/settings/users/roles': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/users/roles?role=TEACHER' }),
  },
  'GET /api/v1/settings/users/roles/audit': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/users/roles/audit' }),
  },
  'PUT /api/v1/settings/users/roles/:id': {
    target: SCHOOL,
    build: async (fx) => ({
      url: `/settings/users/roles/${(await makeUser(fx.db, fx.a, ['STAFF'])).id}`,
      payload: { roles: ['STAFF', 'GIVE_ALL'] },
    }),
  },
  // Erasing a fresh student of school A, confirmed by their full name.
  'POST /api/v1/settings/users/:id/erase': {
    target: SCHOOL,
    build: async (fx) => {
      const s = await makeUser(fx.db, fx.a, ['STUDENT'], { gradeLevel: '7' });
      return {
        url: `/settings/users/${s.id}/erase`,
        payload: { confirm: `${s.firstName} ${s.lastName}` },
      };
    },
  },
  // Sign-in cards (docs/decisions/133-sign-in-cards.md): new cards for S1 (and S2, of T2's P2), or
  // for a class (P, and T2's P2), as codes or as a PDF; S1's card revoked; a password for S1.
  'POST /api/v1/sign-in-cards': {
    target: PERIOD,
    build: async (fx) => ({ url: '/sign-in-cards', payload: { studentIds: [fx.s1.id] } }),
    others: [
      ...aboutOthers(
        (_fx, id) => ({ url: '/sign-in-cards', payload: { studentIds: [id] } }),
        ['S2'],
      )!,
      {
        about: 'P',
        target: PERIOD,
        build: async (fx) => ({ url: '/sign-in-cards', payload: { periodId: fx.p.id } }),
      },
      {
        about: 'P2',
        target: OTHER_CLASS,
        build: async (fx) => ({ url: '/sign-in-cards', payload: { periodId: fx.p2.id } }),
      },
    ],
  },
  'GET /api/v1/sign-in-cards.pdf': {
    target: PERIOD,
    build: async (fx) => ({ url: `/sign-in-cards.pdf?studentIds=${fx.s1.id}` }),
    others: [
      ...aboutOthers((_fx, id) => ({ url: `/sign-in-cards.pdf?studentIds=${id}` }), ['S2'])!,
      {
        about: 'P2',
        target: OTHER_CLASS,
        build: async (fx) => ({ url: `/sign-in-cards.pdf?periodId=${fx.p2.id}&paper=a4` }),
      },
    ],
  },
  'DELETE /api/v1/sign-in-cards/:studentId': {
    target: PERIOD,
    build: async (fx) => ({ url: `/sign-in-cards/${fx.s1.id}` }),
    others: aboutOthers((_fx, id) => ({ url: `/sign-in-cards/${id}` }), ['S2']),
  },
  'PUT /api/v1/students/:studentId/password': {
    target: PERIOD,
    build: async (fx) => ({
      url: `/students/${fx.s1.id}/password`,
      payload: { password: 'matrix pass phrase' },
    }),
    others: aboutOthers(
      (_fx, id) => ({
        url: `/students/${id}/password`,
        payload: { password: 'matrix pass phrase' },
      }),
      ['S2'],
    ),
  },
  // Badges (issue 35): S1's (and S2's, of T2's P2) or a class's (P, and T2's P2), as codes or as a
  // PDF; S1's replaced (a new code); S1 (and S2) found by badge. School B's admin names S1 by badge
  // code, no id: found by no one there.
  'POST /api/v1/badges': {
    target: PERIOD,
    build: async (fx) => ({ url: '/badges', payload: { studentIds: [fx.s1.id] } }),
    others: [
      ...aboutOthers((_fx, id) => ({ url: '/badges', payload: { studentIds: [id] } }), ['S2'])!,
      {
        about: 'P',
        target: PERIOD,
        build: async (fx) => ({ url: '/badges', payload: { periodId: fx.p.id } }),
      },
      {
        about: 'P2',
        target: OTHER_CLASS,
        build: async (fx) => ({ url: '/badges', payload: { periodId: fx.p2.id } }),
      },
    ],
  },
  'GET /api/v1/badges.pdf': {
    target: PERIOD,
    build: async (fx) => ({ url: `/badges.pdf?studentIds=${fx.s1.id}` }),
    others: [
      ...aboutOthers((_fx, id) => ({ url: `/badges.pdf?studentIds=${id}` }), ['S2'])!,
      {
        about: 'P2',
        target: OTHER_CLASS,
        build: async (fx) => ({ url: `/badges.pdf?periodId=${fx.p2.id}&paper=a4` }),
      },
    ],
  },
  'POST /api/v1/badges/:studentId/replace': {
    target: PERIOD,
    build: async (fx) => ({ url: `/badges/${fx.s1.id}/replace` }),
    others: aboutOthers((_fx, id) => ({ url: `/badges/${id}/replace` }), ['S2']),
  },
  'GET /api/v1/students/by-badge/:code': {
    target: PERIOD,
    crossSchool: 'deny',
    build: async (fx) => ({ url: `/students/by-badge/${await badgeOf(fx, fx.s1)}` }),
    others: [
      {
        about: 'S2',
        target: OTHER_CLASS,
        build: async (fx) => ({ url: `/students/by-badge/${await badgeOf(fx, fx.s2)}` }),
      },
    ],
  },
  // Data exports: a new one of the caller's school (none left unfinished, so it is not 409), the
  // list, and a finished one of school A's, its progress and its zip.
  'POST /api/v1/exports': {
    target: SCHOOL,
    build: async (fx) => {
      await fx.db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(inArray(dataExports.status, ['queued', 'running']));
      return { url: '/exports', payload: { scope: 'school' } };
    },
    // The whole district's: the table's own action for it, a super admin's only.
    others: [
      {
        about: 'the district',
        action: 'data:exportDistrict',
        target: SCHOOL,
        build: async (fx) => {
          await fx.db
            .update(dataExports)
            .set({ status: 'failed' })
            .where(inArray(dataExports.status, ['queued', 'running']));
          return { url: '/exports', payload: { scope: 'district' } };
        },
      },
    ],
  },
  'GET /api/v1/exports': { target: SCHOOL, build: async () => ({ url: '/exports' }) },
  'GET /api/v1/exports/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/exports/${await freshExport(fx)}` }),
  },
  'GET /api/v1/exports/:id/download': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/exports/${await freshExport(fx)}/download` }),
  },
  // The caller's own survey to ask, and their one answer (a survey of their audience); school A's results.
  'GET /api/v1/surveys/pending': { target: OWN, build: async () => ({ url: '/surveys/pending' }) },
  'POST /api/v1/surveys/:name/answer': {
    target: OWN,
    build: async (_fx, caller) => ({
      url: `/surveys/${caller.user?.roles.includes('TEACHER') ? 'TEACHER_SATISFACTION_SURVEY' : 'STUDENT_SATISFACTION_SURVEY'}/answer`,
      payload: { answer: null },
    }),
  },
  'GET /api/v1/surveys/results': {
    target: SCHOOL,
    build: async () => ({ url: '/surveys/results' }),
  },
  'PUT /api/v1/settings/store': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/store', payload: { isOpen: true } }),
  },
  // School A's delivery dates: the list, the whole list replaced (by none), one added, a fresh one changed and removed.
  'GET /api/v1/settings/delivery-date': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/delivery-date' }),
  },
  'PUT /api/v1/settings/delivery-date': {
    target: SCHOOL,
    build: async () => ({
      url: '/settings/delivery-date',
      payload: { storeModel: 'Pickup', deliveryDates: [] },
    }),
  },
  'POST /api/v1/settings/delivery-date': {
    target: SCHOOL,
    build: async (fx) => ({
      url: '/settings/delivery-date',
      payload: { date: addDays(fx.day, 40), cutOffDate: addDays(fx.day, 38), gradeLevels: ['7'] },
    }),
  },
  'PUT /api/v1/settings/delivery-date/:id': {
    target: SCHOOL,
    build: async (fx) => ({
      url: `/settings/delivery-date/${await freshDeliveryDate(fx)}`,
      payload: { date: addDays(fx.day, 41), cutOffDate: addDays(fx.day, 39) },
    }),
  },
  'DELETE /api/v1/settings/delivery-date/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/settings/delivery-date/${await freshDeliveryDate(fx)}` }),
  },

  // The school's sign-in settings: SSO clients (ClassLink's set, a fresh one removed), school tokens
  // (listed, one for S1 issued, fresh ones rotated and revoked), an invitation mailed to T2.
  'GET /api/v1/settings/sso': { target: SCHOOL, build: async () => ({ url: '/settings/sso' }) },
  'PUT /api/v1/settings/sso/:provider': {
    target: SCHOOL,
    build: async () => ({
      url: '/settings/sso/classlink',
      payload: {
        issuer: 'https://classlink.example.org',
        clientId: 'matrix',
        clientSecret: 'matrix-secret',
      },
    }),
  },
  'DELETE /api/v1/settings/sso/:provider': {
    target: SCHOOL,
    build: async (fx) => {
      await freshClassLink(fx);
      return { url: '/settings/sso/classlink' };
    },
  },
  'GET /api/v1/settings/school-tokens': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/school-tokens' }),
  },
  'POST /api/v1/settings/school-tokens': {
    target: SCHOOL,
    build: async (fx) => ({
      url: '/settings/school-tokens',
      payload: { userId: fx.s1.id, label: 'Matrix' },
    }),
  },
  'POST /api/v1/settings/school-tokens/:id/rotate': {
    target: SCHOOL,
    build: async (fx) => ({
      url: `/settings/school-tokens/${(await freshSchoolToken(fx))._id}/rotate`,
    }),
  },
  'DELETE /api/v1/settings/school-tokens/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/settings/school-tokens/${(await freshSchoolToken(fx))._id}` }),
  },
  'GET /api/v1/settings/sign-in-limits': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/sign-in-limits' }),
  },
  'DELETE /api/v1/settings/sign-in-limits/:address': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/settings/sign-in-limits/${await freshRefusedAddress(fx)}` }),
  },
  // School A's guardians; a guardian invited for S1 (a new address each time).
  'GET /api/v1/settings/guardians': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/guardians' }),
  },
  'POST /api/v1/settings/guardians': {
    target: SCHOOL,
    build: async (fx) => ({
      url: '/settings/guardians',
      payload: {
        email: `matrix-guardian-${++seq}@example.org`,
        firstName: 'Matrix',
        lastName: 'Parent',
        studentIds: [fx.s1.id],
      },
    }),
  },
  'POST /api/v1/settings/invitations': {
    target: SCHOOL,
    build: async (fx) => ({
      url: '/settings/invitations',
      payload: { userId: fx.t2.id, email: 'matrix-t2@example.org' },
    }),
  },
  // The school's invitations (docs/decisions/132-invitations-without-mail.md), and one to each of
  // its staff with an address and no sign-in.
  'GET /api/v1/settings/invitations': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/invitations' }),
  },
  'POST /api/v1/settings/invitations/all': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/invitations/all' }),
  },

  // A one-time upload link for an image of a new product of the caller's store.
  'GET /api/v1/utility/upload-url/:id': {
    target: OWN,
    build: async () => ({ url: '/utility/upload-url/new' }),
  },
  // The upload itself: the link is the authority, whoever sends it (school B's admin included, hence 'open').
  'PUT /api/v1/uploads/:token': {
    target: PUBLIC,
    crossSchool: 'open',
    build: async (fx) => ({
      url: await freshUploadUrl(fx),
      payload: PIXEL,
      headers: { 'content-type': 'image/png' },
    }),
  },
  // Roster import (settings): a roster with the school and no one in it, so an import changes nothing;
  // one import of a school at a time, so each caller's waits for the one before.
  'POST /api/v1/roster/dry-run': {
    target: SCHOOL,
    build: async () => ({ url: '/roster/dry-run', ...csvParts(emptyRoster()) }),
  },
  'POST /api/v1/roster/import': {
    target: SCHOOL,
    build: async () => {
      await Promise.allSettled(runningJobs());
      return { url: '/roster/import', ...csvParts(emptyRoster()) };
    },
  },
  'GET /api/v1/roster/import/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/roster/import/${await freshRosterImport(fx)}` }),
  },
  // School A's year as it is (dates unchanged), carried over.
  'GET /api/v1/settings/school-year': {
    target: SCHOOL,
    build: async () => ({ url: '/settings/school-year' }),
  },
  'PUT /api/v1/settings/school-year': {
    target: SCHOOL,
    build: async (fx) => {
      const [y] = await fx.db.select().from(schoolYears).where(eq(schoolYears.schoolId, fx.a.id));
      return {
        url: '/settings/school-year',
        payload: {
          startDate: y!.startDate,
          endDate: y!.endDate,
          givingStartDate: y!.givingStartDate,
          balancePolicy: 'carry',
          balanceCap: 0,
        },
      };
    },
  },
  // A dry run of opening the year after school A's (it writes nothing).
  'POST /api/v1/school-years/openings': {
    target: SCHOOL,
    build: async (fx) => {
      const [y] = await fx.db.select().from(schoolYears).where(eq(schoolYears.schoolId, fx.a.id));
      const start = addDays(y!.endDate, 40);
      return {
        url: '/school-years/openings',
        payload: {
          dryRun: true,
          startDate: start,
          endDate: addDays(start, 300),
          givingStartDate: start,
          ordersPolicy: 'keep',
        },
      };
    },
  },
  // A finished opening of school A's.
  'GET /api/v1/school-years/openings/:id': {
    target: SCHOOL,
    build: async (fx) => {
      const [o] = await fx.db
        .insert(yearOpenings)
        .values({
          schoolId: fx.a.id,
          fromYearId: randomUUID(),
          startDate: '2040-08-01',
          endDate: '2041-06-30',
          givingStartDate: '2040-08-16',
          balancePolicy: 'carry',
          balanceCap: 0,
          ordersPolicy: 'keep',
          status: 'done',
        })
        .returning();
      return { url: `/school-years/openings/${o!.id}` };
    },
  },
  // The caller's own profile font and icon (none).
  'PUT /api/v1/profile/customization': {
    target: OWN,
    build: async () => ({ url: '/profile/customization', payload: { fontId: null, iconId: null } }),
  },
  // A free black-and-white icon for the caller (a student).
  'POST /api/v2/order/customization': {
    target: OWN,
    build: async () => ({
      url: '/api/v2/order/customization',
      payload: { productId: 'icon-1f600', productCategory: 'icons' },
    }),
  },

  // Orders (v2). A student buys the free item for themselves (the STUDENT+TEACHER too); a teacher
  // buys from their own store for S1 of P (other teachers have no store here).
  // Also for S1 and for S2, named by every caller (those with a store from it, the others the free item).
  'POST /api/v2/order': {
    target: OWN,
    build: async (fx, c) =>
      c.name === 'TEACHER'
        ? {
            url: '/api/v2/order',
            payload: {
              orderItems: [{ productId: fx.teacherItem, quantity: 1 }],
              studentId: fx.s1.id,
            },
          }
        : {
            url: '/api/v2/order',
            payload: { orderItems: [{ productId: fx.freeItem, quantity: 1 }] },
          },
    others: aboutOthers((fx, id, c) => ({
      url: '/api/v2/order',
      payload: {
        orderItems: [
          {
            productId:
              c.name === 'TEACHER'
                ? fx.teacherItem
                : c.name === 'STUDENT+TEACHER'
                  ? fx.studentTeacherItem
                  : fx.freeItem,
            quantity: 1,
          },
        ],
        studentId: id,
      },
    })),
  },
  // The caller's own orders (students), also filtered by S1 and S2 (refused); the orders of the
  // caller's store (narrowed to it).
  'GET /api/v2/order/student': {
    target: OWN,
    build: async () => ({ url: '/api/v2/order/student?status=ACTIVE' }),
    others: [
      ...aboutOthers((_fx, id) => ({
        url: `/api/v2/order/student?status=ACTIVE&studentId=${id}`,
      }))!,
      aboutStudent((fx) => ({
        url: `/api/v2/order/student?status=ACTIVE&studentId=${fx.role.STUDENT.id}`,
      })),
    ],
  },
  'GET /api/v2/order/teacher/': {
    target: NARROWED,
    build: async () => ({ url: '/api/v2/order/teacher/?status=ALL' }),
  },
  // S1's school store orders packaged; the queue's filters; the STUDENT's order stats.
  'POST /api/v2/order/store-manager/': {
    target: SCHOOL,
    build: async (fx) => ({
      url: '/api/v2/order/store-manager/',
      payload: { status: 'PACKAGED', users: [fx.s1.id] },
    }),
  },
  'GET /api/v2/order/store-manager/meta': {
    target: SCHOOL,
    build: async () => ({ url: '/api/v2/order/store-manager/meta' }),
  },
  'GET /api/v2/order/stats/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/api/v2/order/stats/${fx.role.STUDENT.id}` }),
    others: aboutOthers((_fx, id) => ({ url: `/api/v2/order/stats/${id}` }), ['S2']),
  },
  // A fresh school store order of the STUDENT's, canceled: by its student or the store's staff.
  'PUT /api/v2/order/:id': {
    target: { kind: 'school', owner: 'STUDENT' },
    build: async (fx) => ({
      url: `/api/v2/order/${await freshOrderOfStudent(fx)}`,
      payload: { action: 'CANCEL' },
    }),
  },

  // Reports (docs/decisions/015-who-opens-reports.md and docs/decisions/044-spec-report-calls.md): school A's teacher usage and students; P's class report; S1's report;
  // the screen's meta and the caller's own classes (narrowed to them).
  'GET /api/v1/activity/teacher-report/': {
    target: SCHOOL,
    build: async () => ({ url: '/activity/teacher-report/' }),
  },
  'GET /api/v1/activity/student-report/': {
    target: SCHOOL,
    build: async () => ({ url: '/activity/student-report/' }),
  },
  'POST /api/v1/activity/class-report': {
    target: PERIOD,
    build: async (fx) => ({
      url: '/activity/class-report',
      payload: { internalPeriodId: fx.p.id },
    }),
  },
  'GET /api/v1/reports/meta': { target: NARROWED, build: async () => ({ url: '/reports/meta' }) },
  'GET /api/v1/reports/my-classes': {
    target: NARROWED,
    build: async () => ({ url: '/reports/my-classes' }),
  },
  'GET /api/v1/reports/class': {
    target: PERIOD,
    build: async (fx) => ({ url: `/reports/class?periodId=${fx.p.id}` }),
  },
  'GET /api/v1/reports/student/:id': {
    target: PERIOD,
    build: async (fx) => ({ url: `/reports/student/${fx.s1.id}` }),
    others: aboutOthers((_fx, id) => ({ url: `/reports/student/${id}` }), ['S2']),
  },
  'GET /api/v1/reports/teacher-usage': {
    target: SCHOOL,
    build: async () => ({ url: '/reports/teacher-usage' }),
  },
  'GET /api/v1/reports/teacher-usage/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/reports/teacher-usage/${fx.role.TEACHER.id}` }),
  },
  'GET /api/v1/reports/school-students': {
    target: SCHOOL,
    build: async () => ({ url: '/reports/school-students' }),
  },
  'GET /api/v1/reports/school-dashboard': {
    target: SCHOOL,
    build: async () => ({ url: '/reports/school-dashboard' }),
  },
  // Issue 34. The caller's own ratio and their students nobody recognised (whoever gives); every
  // giver's ratio (the teacher usage report's readers).
  'GET /api/v1/coaching/me': {
    target: NARROWED,
    build: async () => ({ url: '/coaching/me?range=this-week' }),
  },
  'GET /api/v1/coaching/givers': {
    target: SCHOOL,
    build: async () => ({ url: '/coaching/givers?range=this-week' }),
  },
  // The fairness report reads demographics: reports:equity's only. The economy: whole for admins,
  // narrowed to the store's half for a store manager.
  'GET /api/v1/reports/equity': {
    target: SCHOOL,
    build: async () => ({ url: '/reports/equity?by=race' }),
  },
  'GET /api/v1/reports/economy': {
    target: NARROWED,
    build: async () => ({ url: '/reports/economy' }),
  },
  // S1's demographics: read with reports:equity, set by admins (who also need reports:equity).
  'GET /api/v1/students/:studentId/demographics': {
    target: PERIOD,
    build: async (fx) => ({ url: `/students/${fx.s1.id}/demographics` }),
    others: aboutOthers((_fx, id) => ({ url: `/students/${id}/demographics` }), ['S2']),
  },
  'PUT /api/v1/students/:studentId/demographics': {
    target: PERIOD,
    build: async (fx) => ({
      url: `/students/${fx.s1.id}/demographics`,
      payload: { englishLearner: true },
    }),
    others: aboutOthers(
      (_fx, id) => ({ url: `/students/${id}/demographics`, payload: { englishLearner: true } }),
      ['S2'],
    ),
  },

  // The first start: open while no school exists, so here GET answers and POST is refused to all.
  'GET /api/v1/setup': { target: PUBLIC, build: async () => ({ url: '/setup' }) },
  'POST /api/v1/setup': {
    target: CLOSED,
    build: async () => ({
      url: '/setup',
      payload: {
        code: 'AAAA-BBBB-CCCC',
        school: {
          name: 'Matrix school',
          code: `MX${++seq}`,
          timeZone: 'America/Chicago',
          schoolType: 'Middle',
          storeModel: 'Pickup',
        },
        owner: {
          firstName: 'M',
          lastName: 'X',
          email: 'mx@example.org',
          username: `mx${seq}`,
          password: 'correct horse battery',
        },
      },
    }),
  },
  // The district console: school A's district holds A and C (B is in another); every call
  // narrows to the caller's district (access/districts.ts).
  'GET /api/v1/district/schools': {
    target: NARROWED,
    build: async () => ({ url: '/district/schools' }),
  },
  'GET /api/v1/district/figures': {
    target: NARROWED,
    build: async () => ({ url: '/district/figures' }),
  },
  'POST /api/v1/district/schools': {
    target: NARROWED,
    build: async () => ({
      url: '/district/schools',
      payload: {
        name: 'Matrix new school',
        code: `MN${++seq}`,
        timeZone: 'America/Chicago',
        schoolType: 'High',
        storeModel: 'Delivery',
      },
    }),
  },
  'POST /api/v1/district/schools/:id/invitations': {
    target: SCHOOL,
    build: async (fx) => ({
      url: `/district/schools/${fx.c.id}/invitations`,
      payload: { firstName: 'First', lastName: 'Admin', email: `admin${++seq}@example.org` },
    }),
  },
  'POST /api/v1/district/schools/:id/disable': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/district/schools/${fx.c.id}/disable` }),
  },
  'POST /api/v1/district/schools/:id/enable': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/district/schools/${fx.c.id}/enable` }),
  },

  // Cashier codes (issue 35): the school's list, a new one, a fresh one of school A revoked.
  'GET /api/v1/cashier-codes': {
    target: SCHOOL,
    build: async () => ({ url: '/cashier-codes' }),
  },
  'POST /api/v1/cashier-codes': {
    target: SCHOOL,
    build: async () => ({ url: '/cashier-codes', payload: { label: 'Matrix volunteer' } }),
  },
  'DELETE /api/v1/cashier-codes/:id': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/cashier-codes/${(await freshCashierCode(fx)).id}` }),
  },
  // The store counter (issue 35): S1 by badge (school B's admin names them by code, no id: found
  // by no one there), the products on sale, the free item sold to S1, a fresh counter sale
  // refunded, a fresh pending order of the STUDENT's handed over.
  'GET /api/v1/counter/students/by-badge/:code': {
    target: SCHOOL,
    crossSchool: 'deny',
    build: async (fx) => ({ url: `/counter/students/by-badge/${await badgeOf(fx, fx.s1)}` }),
  },
  'GET /api/v1/counter/products': {
    target: SCHOOL,
    build: async () => ({ url: '/counter/products' }),
  },
  'POST /api/v1/counter/sales': {
    target: SCHOOL,
    build: async (fx) => ({
      url: '/counter/sales',
      payload: { studentId: fx.s1.id, items: [{ productId: fx.freeItem, quantity: 1 }] },
    }),
  },
  'POST /api/v1/counter/sales/:id/refund': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/counter/sales/${await freshCounterSale(fx)}/refund` }),
  },
  'POST /api/v1/counter/orders/:id/hand-over': {
    target: SCHOOL,
    build: async (fx) => ({ url: `/counter/orders/${await freshOrderOfStudent(fx)}/hand-over` }),
  },

  // Development look-ups (NODE_ENV=development only): the schools, school A's users and periods.
  // They read any school by design (the dev page signs in as anyone; see dev.test.ts), so school
  // B's admin gets school A's rows: crossSchool 'open'.
  'GET /api/v1/dev/schools': {
    target: SCHOOL,
    crossSchool: 'open',
    build: async () => ({ url: '/dev/schools' }),
  },
  'GET /api/v1/dev/users/:id': {
    target: SCHOOL,
    crossSchool: 'open',
    build: async (fx) => ({ url: `/dev/users/${fx.a.id}` }),
  },
  'GET /api/v1/dev/periods/:id': {
    target: SCHOOL,
    crossSchool: 'open',
    build: async (fx) => ({ url: `/dev/periods/${fx.a.id}` }),
  },
};

type Expected = 'ALLOW' | 'DENY' | 'DENY_OR_ALLOW';

/** A school A caller's expected answer, from the permission table and the call's target. */
function expectedInA(fx: Fixture, spec: CallSpec, action: Action | undefined, c: Caller): Expected {
  const t = spec.target;
  if (t.kind === 'public') return 'ALLOW';
  if (t.kind === 'closed') return 'DENY';
  if (!c.subject || !c.user || !action) return 'DENY';
  const scope = scopeFor(c.subject, action);
  if (scope === 'none') return 'DENY';
  // A guardian (the GUARDIAN-role user) reaches only their child, the STUDENT-role user, and names
  // them; their own object is the list of their children, nothing else.
  if (scope === 'children' && t.kind === 'own')
    return action === 'children:read' ? 'ALLOW' : 'DENY';
  if (scope === 'children')
    return (t.kind === 'period' || t.kind === 'school') && t.owner === 'STUDENT' ? 'ALLOW' : 'DENY';
  if (scope === 'school' || t.kind === 'own' || t.kind === 'narrowed') return 'ALLOW';
  if (scope === 'periods')
    return t.kind === 'period' && teaches(t.period === 'P2' ? fx.p2 : fx.p, c.user)
      ? 'ALLOW'
      : 'DENY';
  return t.owner !== undefined && who(fx, t.owner).id === c.user.id ? 'ALLOW' : 'DENY'; // 'own'
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * School B's admin aiming at school A's objects: refused when the request names a school A id (a
 * narrowed list may instead answer without any), else answered like in their own school.
 */
function expectedForOtherSchool(
  spec: CallSpec,
  action: Action | undefined,
  c: Caller,
  req: Req,
  bIds: Set<string>,
): Expected {
  if (spec.target.kind === 'public') return 'ALLOW';
  if (spec.target.kind === 'closed') return 'DENY';
  if (!c.subject || !action || scopeFor(c.subject, action) === 'none') return 'DENY';
  if (spec.crossSchool === 'open') return 'ALLOW';
  if (spec.crossSchool === 'deny') return 'DENY';
  const named = (JSON.stringify(req).match(UUID) ?? []).some((id) => !bIds.has(id.toLowerCase()));
  if (!named) return 'ALLOW';
  return spec.target.kind === 'narrowed' ? 'DENY_OR_ALLOW' : 'DENY';
}

/** Demographics' field names (the domain's one list): no student, guardian or teacher may read one. */
const DEMOGRAPHIC_FIELDS = Object.keys(NO_DEMOGRAPHICS);
/** Roles whose holders never read demographics, whatever else they read. */
const NO_DEMOGRAPHICS_ROLES: readonly string[] = ['STUDENT', 'GUARDIAN', 'TEACHER', 'USER'];

/** Ids of a school's rows that must not reach another school's users. */
async function idsOf(db: Db, school: SchoolRow): Promise<Set<string>> {
  const out = new Set<string>();
  for (const t of [
    users,
    periods,
    groupTypes,
    groups,
    activities,
    activityTypes,
    products,
    orders,
    deliveryDates,
  ] as const) {
    const rows = await db.select({ id: t.id }).from(t).where(eq(t.schoolId, school.id));
    rows.forEach((r) => out.add(r.id));
  }
  return out;
}

const fx = {} as Fixture;
const callers: Caller[] = [];
let bIdsAtFixtureEnd = new Set<string>();

/**
 * A session for the user, made as the login call makes it (without its password check, which costs
 * a third of a second: every caller's POST auth/login in the matrix runs the real one).
 */
const sessionFor = async (user: UserRow) =>
  (await createSession(ctx.database.db, user.schoolId, user.id, 8)).token;

async function signedIn(name: string, kind: Caller['kind'], user: UserRow): Promise<Caller> {
  const token = await sessionFor(user);
  const auth = await findSession(ctx.database.db, token);
  if (!auth) throw new Error(`no session for ${name}`);
  return { name, kind, user, token, subject: subjectOf(auth) };
}

beforeAll(async () => {
  const db = ctx.database.db;
  const a = await makeSchool(db);
  const b = await makeSchool(db);
  const c = await makeSchool(db, { districtId: a.districtId });
  await makeHouses(db, a);
  await makeHouses(db, b);
  const role = {} as Record<Role, UserRow>;
  for (const r of ROLES)
    role[r] = await makeUser(
      db,
      a,
      [r],
      r === 'STUDENT' ? { gradeLevel: '7', house: 'amistad' } : {},
    );
  const s1 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '7', house: 'altruismo' });
  const t2 = await makeUser(db, a, ['TEACHER']);
  const p = await makePeriod(db, a, role.TEACHER, [s1, role.STUDENT], { periodNumber: 1 });
  const s2 = await makeUser(db, a, ['STUDENT'], { gradeLevel: '7', house: 'amistad' });
  // The GUARDIAN-role user is the guardian of the STUDENT-role user only (not of S1 nor S2).
  await db
    .insert(guardianStudents)
    .values({ schoolId: a.id, guardianId: role.GUARDIAN.id, studentId: role.STUDENT.id });
  const two = {} as Record<TwoRoles, UserRow>;
  for (const [name, roles] of Object.entries(TWO_ROLES) as [TwoRoles, Role[]][])
    two[name] = await makeUser(
      db,
      a,
      roles,
      roles.includes('STUDENT') ? { gradeLevel: '12', house: 'amistad' } : {},
    );
  await db
    .update(periods)
    .set({ coTeachers: [two['STUDENT+TEACHER'].externalId] })
    .where(eq(periods.id, p.id));
  p.coTeachers = [two['STUDENT+TEACHER'].externalId];
  const p2 = await makePeriod(db, a, t2, [s2, two['STUDENT+TEACHER']], { periodNumber: 2 });
  // Every field known, so an answer that carried demographics would name one.
  for (const s of [role.STUDENT, s1, s2, two['STUDENT+TEACHER']])
    await db.insert(studentDemographics).values({
      schoolId: a.id,
      studentId: s.id,
      ...(Object.fromEntries(DEMOGRAPHIC_FIELDS.map((f) => [f, true])) as Record<string, true>),
      sex: 'female',
    });
  const today = todayIn(a.timeZone);
  Object.assign(fx, {
    db,
    a,
    b,
    c,
    role,
    two,
    t2,
    s1,
    s2,
    p,
    p2,
    day: await schoolDay(db, a),
    bonus: await typeByName(db, a, 'Kindness'),
    holidayToAdd: addDays(today, 20),
    holidayToRemove: addDays(today, 21),
  } satisfies Partial<Fixture>);
  // The default PUBLIC_URL is where the server listens by default.
  fx.idp = await startOidcProvider({ redirectUris: ['http://127.0.0.1:3000/login/clever'] });
  fx.idp.accounts.set(s1.externalId, {});
  await db.insert(ssoConfigs).values({
    schoolId: a.id,
    provider: 'clever',
    issuer: fx.idp.issuer,
    clientId: fx.idp.clientId,
    clientSecret: fx.idp.clientSecret,
  });
  fx.groupType = await freshGroupType(fx);
  fx.freeItem = await freshProduct(fx);
  fx.teacherItem = await freshProduct(fx, role.TEACHER.id);
  fx.studentTeacherItem = await freshProduct(fx, two['STUDENT+TEACHER'].id);
  fx.activityOfT2 = await freshActivity(fx);
  await freshActivity(fx, fx.groupType.groupId);
  // The CASHIER is a cashier code's account, as a volunteer's is: its session holds while the code does.
  await freshCashierCode({ db, a }, role.CASHIER);
  for (const r of ROLES) callers.push(await signedIn(r, 'role', role[r]));
  for (const name of Object.keys(TWO_ROLES) as TwoRoles[])
    callers.push(await signedIn(name, 'role', two[name]));
  const tok = (r: Role) => callers.find((c) => c.name === r)!.token!;

  // The TEACHER's own data: a bonus given to S1 in P and a custom action.
  const given = await call(ctx.app, 'POST', '/activity/bulk', {
    token: tok('TEACHER'),
    payload: {
      externalStudentIds: [s1.externalId],
      internalPeriodId: p.id,
      activityTypes: [fx.bonus.id],
      date: fx.day,
    },
  });
  expect(given.status, JSON.stringify(given.body)).toBe(200);
  const custom = await call(ctx.app, 'POST', '/activity/options/custom', {
    token: tok('TEACHER'),
    payload: { name: 'Teacher cheer', category: 'Bonuses' },
  });
  expect(custom.status, JSON.stringify(custom.body)).toBe(200);

  // School B: admin, teacher, student, a period, a group type with a group, activities, a custom action.
  fx.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
  const teacherB = await makeUser(db, b, ['TEACHER']);
  const studentB = await makeUser(db, b, ['STUDENT'], { gradeLevel: '8' });
  const periodB = await makePeriod(db, b, teacherB, [studentB]);
  const adminBCaller = await signedIn('school B admin', 'otherSchool', fx.adminB);
  const teacherBToken = await sessionFor(teacherB);
  const typeB = await call(ctx.app, 'POST', '/group-types', {
    token: adminBCaller.token,
    payload: {
      name: 'B tables',
      internalPeriodId: periodB.id,
      groups: [{ name: 'B red', studentIds: [studentB.id] }],
    },
  });
  expect(typeB.status, JSON.stringify(typeB.body)).toBe(201);
  const dayB = await schoolDay(db, b);
  for (const payload of [
    {
      groupIds: [typeB.body.groups[0]._id],
      internalPeriodId: periodB.id,
      activityTypes: [(await typeByName(db, b, 'Kindness')).id],
      date: dayB,
    },
    {
      externalStudentIds: [studentB.externalId],
      activityTypes: [{ name: 'B cheer', category: 'Bonuses', points: 2 }],
      date: dayB,
    },
  ]) {
    const res = await call(ctx.app, 'POST', '/activity/bulk', { token: teacherBToken, payload });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  // School B's store: a product and a student's order of it, a delivery date.
  const [productB] = await db
    .insert(products)
    .values({ schoolId: b.id, store: 'School', name: 'B item', category: 'Items', price: 0 })
    .returning();
  await db.transaction((tx) =>
    writeOrders(tx, b.id, dayB, new Date(), [
      {
        studentId: studentB.id,
        store: 'School',
        teacherId: null,
        estimatedDelivery: null,
        cutOffDate: null,
        placedBy: studentB.id,
        items: [
          { productId: productB!.id, name: 'B item', price: 0, quantity: 1, category: 'Items' },
        ],
      },
    ]),
  );
  await db
    .insert(deliveryDates)
    .values({ schoolId: b.id, date: addDays(dayB, 30), cutOffDate: addDays(dayB, 30) });

  callers.push({ name: 'no one', kind: 'anon' }, adminBCaller);
  bIdsAtFixtureEnd = await idsOf(db, b);
}, 60_000);

afterAll(() => fx.idp?.stop());

describe('the role × route matrix', () => {
  it('has one CALLS entry per call of the contract, and no entry that is not one', () => {
    // The contract is the list of calls (packages/domain/src/contract); the server serves exactly it (contract.test.ts).
    const contract = callsOf(API).map(({ call: c }) => ({
      method: c.method,
      url: c.path,
      public: Boolean(c.public),
    }));
    const routes = contract.map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes).size, 'a route is registered twice').toBe(routes.length);
    expect({
      missing: routes.filter((r) => !(r in CALLS)),
      unknown: Object.keys(CALLS).filter((k) => !routes.includes(k)),
    }).toEqual({ missing: [], unknown: [] });
    const publicMismatch = contract.filter(
      (r) =>
        CALLS[`${r.method} ${r.url}`] &&
        r.public !== isPublic(CALLS[`${r.method} ${r.url}`]!.target),
    );
    expect(
      publicMismatch.map((r) => `${r.method} ${r.url}`),
      'public routes and public CALLS entries differ',
    ).toEqual([]);
  });

  it('answers every caller as the permission table says, and leaks no other school’s ids', async () => {
    const app = ctx.app;
    const mismatches: string[] = [];
    /** Answers to school A's users (checked for school B ids) and to school B's admin (for school A ids). */
    const answersInA: { where: string; text: string }[] = [];
    const answersToB: { where: string; text: string }[] = [];
    /** Answers to callers of only student, guardian or teacher roles that name a demographic field. */
    const demographicLeaks: string[] = [];
    const routes = callsOf(API)
      .map(({ call: c }) => ({ method: c.method, url: c.path, action: c.action }))
      .filter((r) => CALLS[`${r.method} ${r.url}`]);
    const allowedSomewhere = new Set<string>();
    let allowed = 0;
    let denied = 0;
    let calls = 0;

    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const main = CALLS[key]!;
      const variants = [
        { about: '', target: main.target, build: main.build },
        ...(main.others ?? []),
      ];
      for (const [variant, c] of variants.flatMap((v) =>
        callers.map((caller) => [v, caller] as const),
      )) {
        const spec: CallSpec = { ...main, ...variant };
        const action = ('action' in variant && variant.action) || route.action;
        const req = await spec.build(fx, c);
        const expected =
          c.kind === 'otherSchool'
            ? expectedForOtherSchool(spec, action, c, req, bIdsAtFixtureEnd)
            : expectedInA(fx, spec, action, c);
        const res = await call(app, route.method as never, req.url, {
          token: c.token,
          payload: req.payload as object | undefined,
          headers: req.headers,
        });
        calls++;
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
        const where = `${key}${variant.about && ` about ${variant.about}`} ${c.name}`;
        const got =
          res.status < 400
            ? 'ALLOW'
            : c.kind === 'anon' && !isPublic(spec.target)
              ? res.status === 401 && text === '{"message":"Unauthorized"}'
                ? 'DENY'
                : 'OTHER'
              : (res.status === 403 || res.status === 404) && typeof res.body?.message === 'string'
                ? 'DENY'
                : 'OTHER';
        const ok = got === expected || (expected === 'DENY_OR_ALLOW' && got !== 'OTHER');
        // About another student of school A, a caller with a scope for the action is refused with 403, not 404.
        const outOfReach =
          variant.about !== '' &&
          variant.about !== 'STUDENT' &&
          c.kind === 'role' &&
          action !== undefined &&
          scopeFor(c.subject!, action) !== 'none';
        if (!ok) mismatches.push(`${where} ${expected}→${res.status} ${text.slice(0, 200)}`);
        else if (got === 'DENY' && outOfReach && res.status !== 403)
          mismatches.push(`${where} 403→${res.status} ${text.slice(0, 200)}`);
        else if (got === 'ALLOW') {
          allowed++;
          allowedSomewhere.add(key);
        } else denied++;
        if (c.kind === 'role') answersInA.push({ where, text });
        if (
          got === 'ALLOW' &&
          c.kind === 'role' &&
          c.user!.roles.every((r) => NO_DEMOGRAPHICS_ROLES.includes(r))
        ) {
          // Named as a field: a JSON key or string, or a CSV column (a random token may hold "sex").
          const named = DEMOGRAPHIC_FIELDS.filter(
            (f) => text.includes(`"${f}"`) || new RegExp(`(^|[,\n])${f}(,|\r?\n|$)`).test(text),
          );
          if (named.length)
            demographicLeaks.push(`${where} names ${named.join(', ')}: ${text.slice(0, 200)}`);
        }
        if (c.kind === 'otherSchool' && got === 'ALLOW' && spec.crossSchool !== 'open')
          answersToB.push({ where, text });
        // Logging out ended the caller's session: give them a new one.
        if (route.url.endsWith('/auth/logout') && c.user && res.status < 400)
          c.token = await sessionFor(c.user);
      }
    }

    // Ids as they stand after every call (fresh objects included), a superset of the fixture's.
    const bIds = new Set([...bIdsAtFixtureEnd, ...(await idsOf(ctx.database.db, fx.b))]);
    const aIds = new Set([...(await idsOf(ctx.database.db, fx.a)), fx.a.id]);
    for (const [answers, foreign, school] of [
      [answersInA, bIds, 'B'],
      [answersToB, aIds, 'A'],
    ] as const) {
      for (const { where, text } of answers) {
        const leaked = (text.match(UUID) ?? [])
          .map((id) => id.toLowerCase())
          .filter((id) => foreign.has(id));
        if (leaked.length)
          mismatches.push(
            `${where} leaks school ${school} ids ${[...new Set(leaked)].join(', ')}: ${text.slice(0, 200)}`,
          );
      }
    }
    // A route no caller could use would mean its CALLS entry never reached it (a wrong URL is 404 too).
    for (const route of routes)
      if (
        CALLS[`${route.method} ${route.url}`]!.target.kind !== 'closed' &&
        !allowedSomewhere.has(`${route.method} ${route.url}`)
      )
        mismatches.push(`${route.method} ${route.url}: no caller was allowed`);

    console.log(
      `matrix: ${routes.length} routes × ${callers.length} callers = ${calls} calls, ${allowed} allowed, ${denied} denied, ${mismatches.length} unexpected`,
    );
    expect(mismatches, `\n${mismatches.join('\n')}\n`).toEqual([]);
    expect(demographicLeaks, `\n${demographicLeaks.join('\n')}\n`).toEqual([]);
  }, 300_000);
});
