import diagnostics from 'node:diagnostics_channel';
import { addDays, API, callsOf } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDay, typeByName } from './helpers/economy.js';
import {
  makePeriod,
  makeSchool,
  makeUser,
  PASSWORD,
  signIn,
  type UserRow,
} from './helpers/factories.js';
import {
  makeCases,
  operationsFrom,
  toRequest,
  type Operation,
  type Pools,
} from './helpers/fuzz-cases.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * OpenAPI-driven fuzz: every documented operation gets a plausible request and cases that each
 * change one thing, sent as a school admin (who teaches the period), its co-teacher and a student.
 * No answer may be a 500, every 4xx must be `{ message: string }`, and its status one the document
 * declares for that operation.
 *
 * FUZZ_CASES (default 6) cases per operation, FUZZ_SEED (default fixed) the PRNG seed,
 * FUZZ_ONLY a substring of `METHOD /path` to replay one operation, FUZZ_VERBOSE=1 logs every answer.
 */
const CASES = Math.max(1, Number(process.env.FUZZ_CASES) || 6);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Date.now() % 2 ** 31
    : Number(process.env.FUZZ_SEED) || 20_250_901;
const ONLY = process.env.FUZZ_ONLY;
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);

const ctx = useTestApp({ NODE_ENV: 'development' });
type Role = 'admin' | 'teacher' | 'student' | 'owner';
const ROLES: Role[] = ['admin', 'teacher', 'student'];
/** The district calls are also sent as the district's owner (a super admin), so their handlers run. */
const rolesFor = (op: Operation): Role[] =>
  op.path.includes('/district/') ? [...ROLES, 'owner'] : ROLES;
const users = {} as Record<Role, UserRow>;
const tokens = {} as Record<Role, string>;
let pools: Pools;

// The handler's errors, by fuzz request id, to show the stack of a 500.
const handlerErrors = new Map<string, unknown>();
const channel = diagnostics.tracingChannel('fastify.request.handler');
const onHandlerError = {
  error(store: any) {
    const id = store?.request?.headers?.['x-fuzz-id'];
    if (typeof id === 'string') handlerErrors.set(id, store.error);
  },
};
channel.subscribe(onHandlerError as never);
afterAll(() => channel.unsubscribe(onHandlerError as never));

beforeAll(async () => {
  const db = ctx.database.db;
  const school = await makeSchool(db);
  users.admin = await makeUser(db, school, ['SCHOOL_ADMIN', 'TEACHER']);
  users.teacher = await makeUser(db, school, ['TEACHER']);
  users.student = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
  const other = await makeUser(db, school, ['STUDENT'], { gradeLevel: '6' });
  const period = await makePeriod(db, school, users.admin, [users.student, other], {
    coTeachers: [users.teacher.externalId],
  });
  users.owner = await makeUser(db, school, ['SUPER_ADMIN']);
  for (const role of [...ROLES, 'owner'] as const)
    tokens[role] = await signIn(ctx.app, users[role]);
  // Another school of the district: the one the district calls about a school aim at.
  const sibling = await makeSchool(db, { districtId: school.districtId });

  const day = await schoolDay(db, school);
  const bonusId = (await typeByName(db, school, 'Helping others')).id;
  const made = async (method: 'POST', url: string, payload: object) => {
    const res = await call(ctx.app, method, url, { token: tokens.admin, payload });
    if (res.status >= 300)
      throw new Error(`fuzz setup ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const groupType = await made('POST', '/group-types', {
    name: 'Fuzz tables',
    internalPeriodId: period.id,
    groups: [{ name: 'Red', studentIds: [users.student.id] }],
  });
  await made('POST', '/activity/bulk', {
    externalStudentIds: [users.student.externalId],
    activityTypes: [bonusId],
    date: day,
    comment: 'fuzz',
  });
  const activityId = (
    await call(ctx.app, 'GET', `/activity/?studentId=${users.student.id}&limit=1`, {
      token: tokens.admin,
    })
  ).body[0]._id as string;
  const customId = (
    await made('POST', '/activity/options/custom', {
      name: 'Fuzz kindness',
      category: 'Bonuses',
      points: 2,
    })
  )._id as string;
  // The store: a school product, a teacher product of the admin's (who teaches the period), an order, a delivery date.
  const productId = (
    await made('POST', '/products/school', { name: 'Fuzz pencil', category: 'Items', price: 0 })
  )._id as string;
  const teacherProductId = (
    await made('POST', '/products/teacher', { name: 'Fuzz pass', category: 'Privileges', price: 0 })
  )._id as string;
  const bought = await call(ctx.app, 'POST', '/api/v2/order', {
    token: tokens.student,
    payload: { orderItems: [{ productId, quantity: 1 }] },
  });
  if (bought.status !== 200)
    throw new Error(`fuzz setup order: ${bought.status} ${JSON.stringify(bought.body)}`);
  const orderId = bought.body.orders[0]._id as string;
  // A badge of the student's (issue 35): the code the calls that find a student by badge look up.
  const badgeCode = (await made('POST', '/badges', { studentIds: [users.student.id] })).badges[0]
    .code as string;
  // The counter (issue 35): an order of the student's to hand over or refund (not the one above,
  // which the order calls act on), and a cashier code to sign in with and to revoke.
  const counterOrder = await call(ctx.app, 'POST', '/api/v2/order', {
    token: tokens.student,
    payload: { orderItems: [{ productId, quantity: 1 }] },
  });
  if (counterOrder.status !== 200)
    throw new Error(
      `fuzz setup order: ${counterOrder.status} ${JSON.stringify(counterOrder.body)}`,
    );
  const counterOrderId = counterOrder.body.orders[0]._id as string;
  const cashierCode = await made('POST', '/cashier-codes', { label: 'Fuzz cashier' });
  const deliveryDateId = (
    await made('POST', '/settings/delivery-date', {
      date: addDays(day, 30),
      cutOffDate: addDays(day, 28),
    })
  )._id as string;

  pools = {
    byName: {
      internalPeriodId: period.id,
      periodId: period.id,
      gradeLevel: '6',
      studentId: users.student.id,
      studentIds: [users.student.id],
      externalStudentIds: [users.student.externalId],
      coTeachers: [users.teacher.externalId],
      activityTypes: [bonusId],
      activityType: bonusId,
      powerActions: [bonusId],
      activityId,
      date: day,
      startDate: addDays(day, -30),
      endDate: day,
      endDates: [day],
      time: '1700000000000',
      comment: 'fuzz',
      name: 'Fuzz',
      key: 'fuzzKey',
      value: 'fuzz',
      gradeLevels: ['6'],
      username: users.student.username,
      password: PASSWORD,
      category: 'Bonuses',
      points: 2,
      limit: 10,
      offset: 0,
      productId,
      users: [users.student.id],
      orderIds: [orderId],
      // Sign-in: SSO and school tokens at the school, invitations and resets (no SMTP: the mail is logged).
      provider: 'clever',
      school: school.externalId,
      externalSchoolId: school.externalId,
      userId: users.teacher.id,
      email: 'fuzz@example.org',
      issuer: 'https://clever.example.org',
      clientId: 'fuzz-client',
      clientSecret: 'fuzz-secret',
    },
    byRoute: {
      // A holiday on the give day would turn every later give into 'Not allowed on holidays'.
      '/calendar/holidays': { date: addDays(day, 14) },
      // Badges are printed for a class or for students, not both: for the student.
      '/badges': { periodId: undefined },
      '/auth/login/cashier': { code: cashierCode.code },
      '/counter/sales': { items: [{ productId, quantity: 1 }] },
    },
    pathParam(path, name) {
      if (name === 'groupId') return groupType.groups[0]._id;
      if (name === 'provider') return 'clever';
      if (name === 'date') return addDays(day, 14);
      if (name === 'code') return badgeCode;
      // Another student's badge replaced, so that the student's code stays the one looked up.
      if (path.includes('/badges/')) return other.id;
      if (path.includes('/counter/')) return counterOrderId;
      if (path.includes('/cashier-codes/')) return cashierCode._id;
      if (path.includes('/district/schools/')) return sibling.id;
      if (path.includes('/group-types/')) return groupType._id;
      if (path.includes('/activity/absent/')) return users.student.id;
      if (path.includes('/configuration/') || path.includes('/dev/')) return school.id;
      if (path.includes('/options/custom/')) return customId;
      if (path.includes('/power-actions/')) return '$me';
      if (path.includes('/products/teacher/')) return teacherProductId;
      if (path.includes('/products/school/')) return productId;
      if (path.includes('/delivery-date/')) return deliveryDateId;
      // Another student's roles, so a case that changes them leaves the callers' sessions as they are.
      if (path.includes('/users/roles/')) return other.id;
      if (path.includes('/surveys/')) return 'STUDENT_SATISFACTION_SURVEY';
      if (path.includes('/order/stats/')) return users.student.id;
      if (path.includes('/reports/student/')) return users.student.id;
      if (/\/order\/\{id\}$/.test(path)) return orderId;
      if (/\/activity\/\{id\}$/.test(path)) return activityId;
      return period.id;
    },
  };
});

interface Failure {
  route: string;
  role: Role;
  case: string;
  url: string;
  status: number;
  body: string;
  error?: string;
}

/** Shortened, with control characters and surrogates escaped so the report stays readable text. */
const clip = (s: string, n: number) =>
  (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s).replace(
    // eslint-disable-next-line no-control-regex -- control characters are shown escaped in failure lists
    /[\u0000-\u0008\u000b-\u001f\ud800-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

describe('OpenAPI fuzz', () => {
  it(
    'no operation answers >= 500, and every error is { message } with a status the document declares',
    async () => {
      const swagger = (ctx.app as unknown as { swagger?: () => unknown }).swagger;
      if (typeof swagger !== 'function')
        throw new Error(
          'app.swagger() is missing: @fastify/swagger must stay registered for the fuzz test',
        );
      const doc = swagger.call(ctx.app);
      const all = operationsFrom(doc);
      expect(all.length).toBeGreaterThan(40);
      const documented = new Set(
        all.map((o) => `${o.method} ${o.path.replace(/\{([^}]+)\}/g, ':$1')}`),
      );
      const undocumented = callsOf(API)
        .map(({ call: c }) => ({ method: c.method, url: c.path }))
        .filter((r) => !documented.has(`${r.method} ${r.url}`));
      if (undocumented.length)
        console.warn(
          `fuzz: not in the OpenAPI document, not fuzzed: ${undocumented.map((r) => `${r.method} ${r.url}`).join(', ')}`,
        );

      // Logging out would end the session every later case uses.
      const ops: Operation[] = all.filter(
        (o) =>
          !o.path.endsWith('/auth/logout') && (!ONLY || `${o.method} ${o.path}`.includes(ONLY)),
      );
      // Deletes last (longest path first: a group's activity before its group type), so the records
      // the other operations use still exist while they run.
      const rank = (o: Operation) => (o.method === 'DELETE' ? 1 : 0);
      ops.sort((a, b) => rank(a) - rank(b) || (rank(a) ? b.path.length - a.path.length : 0));
      const failures: Failure[] = [];
      let sent = 0;
      let fiveHundreds = 0;
      for (const op of ops) {
        const cases = makeCases(op, CASES, SEED, pools);
        // The plausible request last: it may delete or change what the other cases aim at.
        for (const c of [...cases.slice(1), ...cases.slice(0, 1)]) {
          for (const role of rolesFor(op)) {
            const { url, payload } = toRequest(op, c, users[role].id);
            const id = String(++sent);
            const res = await ctx.app.inject({
              method: op.method as never,
              url,
              // Like the web client: a JSON content type on every call.
              headers: {
                authtoken: tokens[role],
                'content-type': 'application/json',
                'x-fuzz-id': id,
              },
              ...(payload === undefined ? {} : { payload }),
            });
            let body: any;
            try {
              body = res.body ? JSON.parse(res.body) : undefined;
            } catch {
              body = undefined;
            }
            const badStatus = res.statusCode >= 500;
            const badBody = res.statusCode >= 400 && typeof body?.message !== 'string';
            const undeclared =
              res.statusCode >= 400 &&
              res.statusCode < 500 &&
              !op.responses.includes(String(res.statusCode));
            if (badStatus) fiveHundreds++;
            if (VERBOSE)
              console.log(
                `${res.statusCode} ${op.method} ${op.path} ${role} #${c.index} ${c.label} ${clip(res.body, 100)}`,
              );
            if (badStatus || badBody || undeclared) {
              const err = handlerErrors.get(id) as Error | undefined;
              failures.push({
                route: `${op.method} ${op.path}`,
                role,
                case: `#${c.index} ${c.label}`,
                url: clip(url, 120),
                status: res.statusCode,
                body: `${undeclared ? '(status not in the document) ' : ''}${clip(res.body, 200)}`,
                error: err ? clip(String(err.stack ?? err), 600) : undefined,
              });
            }
            handlerErrors.delete(id);
          }
        }
      }
      console.log(
        `fuzz: ${ops.length} operations, ${sent} cases sent, ${fiveHundreds} answers >= 500`,
      );
      const report = failures
        .map(
          (f) =>
            `${f.route} as ${f.role}, case ${f.case}\n    ${f.url}\n    -> ${f.status} ${f.body}${f.error ? `\n    ${f.error.replace(/\n/g, '\n    ')}` : ''}`,
        )
        .join('\n');
      expect(
        failures.length,
        `${failures.length} bad answers (replay: FUZZ_SEED=${SEED} FUZZ_CASES=${CASES} FUZZ_ONLY='<METHOD /path>'):\n${report}`,
      ).toBe(0);
    },
    Math.max(120_000, CASES * 45 * 3 * 40),
  );
});
