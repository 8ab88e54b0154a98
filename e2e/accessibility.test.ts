/**
 * WCAG 2.1 AA as axe-core measures it: every screen each demo role can open, at desktop and phone
 * sizes, on one server and one browser. Violations are collected across all pages and asserted
 * once at the end, as a list of page, role, size, rule, impact and a few of the elements.
 */
import { allows, type SessionUser } from '@app/domain';
import { afterAll, describe, expect } from 'vitest';
import { apiLogin } from './helpers/api.js';
import {
  auditAll,
  auditSettled,
  findings,
  NOT_FOUND,
  openSettled,
  pagesChecked,
  pathsFor,
  settle,
  signedInContext,
  SIZES,
  slot,
  trackNetwork,
  USERS,
  VISITOR_PATHS,
} from './helpers/axe.js';
import { apiGet } from './helpers/ledger.js';
import { onPostgres } from './helpers/server.js';
import { useE2E } from './helpers/suite.js';

const { suite, test } = useE2E();

/** Reports → Fairness and Economy (issue 34), for whoever opens the reports and may read them. */
const pbisReports = (user: SessionUser, paths: string[]): string[] =>
  paths.includes('/reports')
    ? [
        ...(allows(user, 'reports:equity') ? ['/reports?tab=fairness'] : []),
        ...(allows(user, 'reports:economy') ? ['/reports?tab=economy'] : []),
      ]
    : [];

// The screens' markup does not depend on the database engine: the audit (nine minutes, the
// longest file) runs on the embedded database's pass of npm test, which CI and a fresh clone
// always make, and not again on PostgreSQL's.
describe.skipIf(onPostgres())('accessibility (axe-core, WCAG 2.1 AA)', () => {
  // The roles are audited two at a time; the last test waits for all of them.
  test.concurrent('visitor', { timeout: 900_000 }, () =>
    slot(() =>
      auditAll('visitor', VISITOR_PATHS, (viewport) =>
        suite.browser.newContext({ baseURL: suite.server.baseURL, viewport }),
      ),
    ),
  );

  test.concurrent.for(USERS)('%s', { timeout: 900_000 }, (username, { expect }) =>
    slot(async () => {
      const { baseURL } = suite.server;
      const { token, user } = await apiLogin(baseURL, username);
      let classId: string | undefined;
      if (username === 'teacher1') {
        // teacher1's first class, the first card on the Classes page.
        classId = (await apiGet<{ _id: string }[]>(baseURL, token, 'periods'))[0]?._id;
        expect(classId, 'teacher1 has a class').toBeTruthy();
      }
      const paths = pathsFor(user, classId);
      if (username === 'teacher1') paths.push(NOT_FOUND);
      if (allows(user, 'goals:use')) {
        // The home page with a saving goal pinned: its card and progress bar (docs/decisions/107-saving-goals.md).
        const shop = await apiGet<{ _id: string; stock: number | null }[]>(
          baseURL,
          token,
          'products/school-store',
        );
        const product = shop.find((p) => p.stock === null || p.stock > 0);
        expect(product, 'the demo store has a product in stock').toBeTruthy();
        const res = await fetch(`${baseURL}/api/v1/goal`, {
          method: 'PUT',
          headers: { authtoken: token, 'content-type': 'application/json' },
          body: JSON.stringify({ productId: product!._id }),
        });
        expect(res.status).toBe(200);
        paths.unshift('/');
      }
      // Settings tabs beyond the first one shown.
      if (allows(user, 'settings:schoolYear')) paths.push('/settings?tab=school-year');
      if (allows(user, 'guardians:manage')) paths.push('/settings?tab=guardians');
      paths.push(...pbisReports(user, paths));
      if (username === 'admin') {
        // Settings' Data tab with an export on it: its progress bar and download link.
        const res = await fetch(`${baseURL}/api/v1/exports`, {
          method: 'POST',
          headers: { authtoken: token, 'content-type': 'application/json' },
          body: JSON.stringify({ scope: 'school' }),
        });
        expect(res.status).toBe(202);
        paths.push('/settings?tab=data');
      }
      await auditAll(username, paths, signedInContext(suite.browser, baseURL, token, user));
    }),
  );

  // The Spanish screens (docs/decisions/109-i18n.md): a browser in Spanish, desktop size, the roles
  // whose screens cover every area of the catalogue.
  test.concurrent('visitor in Spanish', { timeout: 900_000 }, () =>
    slot(() =>
      auditAll(
        'visitor (es)',
        VISITOR_PATHS,
        (viewport) =>
          suite.browser.newContext({ baseURL: suite.server.baseURL, viewport, locale: 'es-MX' }),
        [SIZES[0]],
        'es',
      ),
    ),
  );
  test.concurrent.for(['student1', 'teacher1', 'admin', 'store', 'district', 'guardian1'])(
    '%s in Spanish',
    { timeout: 900_000 },
    (username, { expect }) =>
      slot(async () => {
        const { baseURL } = suite.server;
        const { token, user } = await apiLogin(baseURL, username);
        let classId: string | undefined;
        if (username === 'teacher1') {
          classId = (await apiGet<{ _id: string }[]>(baseURL, token, 'periods'))[0]?._id;
          expect(classId, 'teacher1 has a class').toBeTruthy();
        }
        const paths = pathsFor(user, classId);
        if (allows(user, 'settings:schoolYear')) paths.push('/settings?tab=school-year');
        paths.push(...pbisReports(user, paths));
        await auditAll(
          `${username} (es)`,
          paths,
          signedInContext(suite.browser, baseURL, token, user, 'es-MX'),
          [SIZES[0]],
          'es',
        );
      }),
  );

  // The fulfilment queue's states (docs/decisions/105-fulfilment-queue-and-redeem.md): a packaged
  // order in the default view beside pending ones, and Redeem's confirmation.
  test.concurrent(
    'store: the queue with a packaged order, and Redeem asking to confirm',
    { timeout: 900_000 },
    ({ expect }) =>
      slot(async () => {
        const { baseURL } = suite.server;
        const student = await apiLogin(baseURL, 'student5');
        const products = await apiGet<{ _id: string; price: number }[]>(
          baseURL,
          student.token,
          'products/school-store',
        );
        const cheapest = products.reduce((a, b) => (b.price < a.price ? b : a));
        const placed = await fetch(`${baseURL}/api/v2/order`, {
          method: 'POST',
          headers: { authtoken: student.token, 'content-type': 'application/json' },
          body: JSON.stringify({ orderItems: [{ productId: cheapest._id, quantity: 1 }] }),
        });
        expect(placed.status).toBe(200);
        const orderId = ((await placed.json()) as { orders: { _id: string }[] }).orders[0]!._id;
        const store = await apiLogin(baseURL, 'store');
        const packed = await fetch(`${baseURL}/api/v2/order/${orderId}`, {
          method: 'PUT',
          headers: { authtoken: store.token, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'PACKAGE' }),
        });
        expect(packed.status).toBe(200);
        const newContext = signedInContext(suite.browser, baseURL, store.token, store.user);
        for (const size of SIZES) {
          const context = await newContext(size.viewport);
          context.setDefaultTimeout(10_000);
          try {
            const page = await context.newPage();
            const network = trackNetwork(page);
            await openSettled(page, network, '/orders', true);
            await page.getByText('Packaged', { exact: true }).first().waitFor();
            await auditSettled(page, network, 'store (a packaged order)', size.name, '/orders');
            await page
              .getByRole('button', { name: /^Redeem / })
              .first()
              .click();
            await page.getByRole('dialog', { name: 'Please confirm' }).waitFor();
            await settle(page, network);
            await auditSettled(page, network, 'store (Redeem confirmation)', size.name, '/orders');
          } finally {
            await context.close();
          }
        }
      }),
  );

  // Settings → Invitations with a link shown: an invitation on this server (no SMTP_URL) is not
  // mailed, so the screen shows its link to copy and lists it (docs/decisions/132-invitations-without-mail.md).
  test.concurrent('admin: an invitation not mailed, its link shown', { timeout: 900_000 }, () =>
    slot(async () => {
      const { baseURL } = suite.server;
      const admin = await apiLogin(baseURL, 'admin');
      const invitee = (await apiLogin(baseURL, 'teacher3')).user;
      const name = `${invitee.firstName} ${invitee.lastName}`;
      const newContext = signedInContext(suite.browser, baseURL, admin.token, admin.user);
      for (const size of SIZES) {
        const context = await newContext(size.viewport);
        context.setDefaultTimeout(10_000);
        try {
          const page = await context.newPage();
          const network = trackNetwork(page);
          const path = '/settings?tab=invitations';
          await openSettled(page, network, path, true);
          await page.getByRole('textbox', { name: 'User' }).fill(invitee.firstName);
          await page.getByRole('option', { name }).click();
          await page.getByRole('textbox', { name: 'Email' }).fill('teacher3.a11y@example.org');
          await page.getByRole('button', { name: 'Send invitation' }).click();
          await page.getByRole('textbox', { name: `Invitation link for ${name}` }).waitFor();
          await settle(page, network);
          await auditSettled(page, network, 'admin (an invitation link shown)', size.name, path);
        } finally {
          await context.close();
        }
      }
    }),
  );

  // Sign-in cards (docs/decisions/133-sign-in-cards.md): the class page's two dialogs (print the
  // class's cards, set a student's password) and Settings → Users and roles with its cards part.
  test.concurrent(
    'sign-in cards: the class page’s dialogs, Users and roles',
    { timeout: 900_000 },
    ({ expect }) =>
      slot(async () => {
        const { baseURL } = suite.server;
        const teacher = await apiLogin(baseURL, 'teacher1');
        const classId = (await apiGet<{ _id: string }[]>(baseURL, teacher.token, 'periods'))[0]
          ?._id;
        expect(classId, 'teacher1 has a class').toBeTruthy();
        const newContext = signedInContext(suite.browser, baseURL, teacher.token, teacher.user);
        const path = `/class/${classId}`;
        for (const size of SIZES) {
          const context = await newContext(size.viewport);
          context.setDefaultTimeout(10_000);
          try {
            const page = await context.newPage();
            const network = trackNetwork(page);
            await openSettled(page, network, path, true);
            for (const [button, dialog] of [
              ['Print sign-in cards', 'Print sign-in cards'],
              ['Set a password', 'Set a student’s password'],
            ] as const) {
              await page.getByRole('button', { name: button }).click();
              await page.getByRole('dialog', { name: dialog }).waitFor();
              await settle(page, network);
              await auditSettled(page, network, `teacher1 (${dialog})`, size.name, path);
              await page.keyboard.press('Escape');
              await page.getByRole('dialog').waitFor({ state: 'detached' });
            }
          } finally {
            await context.close();
          }
        }
        const admin = await apiLogin(baseURL, 'admin');
        await auditAll(
          'admin',
          ['/settings?tab=users'],
          signedInContext(suite.browser, baseURL, admin.token, admin.user),
        );
      }),
  );

  // A student's demographics editor (issue 34), from their row in Settings → Users and roles, in
  // both languages.
  test.concurrent('admin: a student’s demographics editor', { timeout: 900_000 }, () =>
    slot(async () => {
      const { baseURL } = suite.server;
      const admin = await apiLogin(baseURL, 'admin');
      const path = '/settings?tab=users';
      for (const [size, locale, button] of [
        [SIZES[0], undefined, /^Demographics of /],
        [SIZES[1], undefined, /^Demographics of /],
        [SIZES[0], 'es-MX', /^Datos demográficos de /],
      ] as const) {
        const context = await signedInContext(
          suite.browser,
          baseURL,
          admin.token,
          admin.user,
          locale,
        )(size.viewport);
        context.setDefaultTimeout(10_000);
        try {
          const page = await context.newPage();
          const network = trackNetwork(page);
          await openSettled(page, network, path, true);
          await page.getByRole('button', { name: button }).first().click();
          await page.getByRole('dialog').getByRole('radio').first().waitFor();
          await settle(page, network);
          const role = `admin${locale ? ' (es)' : ''} (demographics)`;
          await auditSettled(page, network, role, size.name, path);
        } finally {
          await context.close();
        }
      }
    }),
  );

  // /scan (issue 35) after a give by a typed code: the action chosen, the camera's notice (no
  // camera here), the result with its Undo; in both languages.
  test.concurrent('teacher1: /scan after a give', { timeout: 900_000 }, ({ expect }) =>
    slot(async () => {
      const { baseURL } = suite.server;
      const teacher = await apiLogin(baseURL, 'teacher1');
      const classId = (await apiGet<{ _id: string }[]>(baseURL, teacher.token, 'periods'))[0]?._id;
      const printed = await fetch(`${baseURL}/api/v1/badges`, {
        method: 'POST',
        headers: { authtoken: teacher.token, 'content-type': 'application/json' },
        body: JSON.stringify({ periodId: classId }),
      });
      expect(printed.status).toBe(200);
      const { badges } = (await printed.json()) as { badges: { code: string }[] };
      for (const [size, locale, [field, give, given]] of [
        [SIZES[0], undefined, ['Badge code', 'Give', 'Given']],
        [SIZES[1], undefined, ['Badge code', 'Give', 'Given']],
        [SIZES[0], 'es-MX', ['Código de la insignia', 'Dar', 'Dado']],
      ] as const) {
        const newContext = signedInContext(
          suite.browser,
          baseURL,
          teacher.token,
          teacher.user,
          locale,
        );
        const context = await newContext(size.viewport);
        context.setDefaultTimeout(10_000);
        try {
          const page = await context.newPage();
          const network = trackNetwork(page);
          await openSettled(page, network, '/scan', true);
          await page.getByRole('button', { name: /^Homework complete/ }).click();
          await page.getByRole('textbox', { name: field }).fill(badges[0]!.code);
          await page.getByRole('button', { name: give, exact: true }).click();
          await page.getByRole('listitem').getByText(given, { exact: true }).first().waitFor();
          await settle(page, network);
          const role = `teacher1${locale ? ' (es)' : ''} (a give on /scan)`;
          await auditSettled(page, network, role, size.name, '/scan');
        } finally {
          await context.close();
        }
      }
    }),
  );

  // The store counter as a cashier sees it (issue 35): signed in with a cashier code, the counter
  // its only page, in both languages (store managers, assistants and admins audit it with their
  // pages above).
  test.concurrent('cashier (a cashier code): /store/counter', { timeout: 900_000 }, ({ expect }) =>
    slot(async () => {
      const { baseURL } = suite.server;
      const store = await apiLogin(baseURL, 'store');
      const made = await fetch(`${baseURL}/api/v1/cashier-codes`, {
        method: 'POST',
        headers: { authtoken: store.token, 'content-type': 'application/json' },
        body: JSON.stringify({ label: 'Axe volunteer' }),
      });
      expect(made.status).toBe(200);
      const { code } = (await made.json()) as { code: string };
      const login = await fetch(`${baseURL}/api/v1/auth/login/cashier`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      expect(login.status).toBe(200);
      const cashier = (await login.json()) as { token: string; user: SessionUser };
      await auditAll(
        'cashier',
        ['/store/counter'],
        signedInContext(suite.browser, baseURL, cashier.token, cashier.user),
      );
      await auditAll(
        'cashier (es)',
        ['/store/counter'],
        signedInContext(suite.browser, baseURL, cashier.token, cashier.user, 'es-MX'),
        [SIZES[0]],
        'es',
      );
    }),
  );

  afterAll(() => {
    console.log(
      `axe: ${pagesChecked} pages checked, ${findings.reduce((n, f) => n + f.nodes, 0)} violations`,
    );
  });

  test('no violations on any page', () => {
    expect(pagesChecked).toBeGreaterThan(0);
    const report = findings.map(
      (f) =>
        `${f.page} [${f.role}, ${f.size}] ${f.rule} (${f.impact}, ${f.nodes} elements): ${f.help}\n      ${f.targets.join('\n      ')}`,
    );
    expect(
      report.join('\n'),
      `${findings.length} rule violations on ${new Set(findings.map((f) => f.page)).size} pages`,
    ).toBe('');
  });
});
