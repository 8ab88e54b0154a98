import { API, formatBadgeCode, languageOf, PRODUCT_NAME, type Language } from '@app/domain';
import { t } from '@app/domain/i18n';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { badgesPdf, initialsOf } from '../modules/badges/pdf.js';
import {
  printBadges,
  replaceBadge,
  type BadgeClass,
  type StudentBadge,
} from '../modules/badges/service.js';

/** A file name's part in ASCII letters and digits: "2nd Period — Álgebra" → "2nd-period-algebra". */
const fileSafe = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

const className = (lang: Language, c: BadgeClass) =>
  t(lang, 'classroom.classTitle', {
    period: t(lang, 'classroom.periodName', { n: c.periodNumber }),
    name: c.name,
  });
const studentName = (b: StudentBadge) => `${b.firstName} ${b.lastName}`.trim();
const answer = (b: StudentBadge) => ({
  studentId: b.studentId,
  externalId: b.externalId,
  name: studentName(b),
  code: formatBadgeCode(b.code),
});

/**
 * Students' badges (issue 35, docs/decisions/139-badges-and-counter.md): print them (as codes, or
 * as a PDF to cut), replace a lost one. Finding a student by badge: routes/students.ts.
 */
export const badgesRoutes = routesOf('badges', API.badges, (app) => ({
  print: async (req) => {
    const { badges } = await printBadges(app.db, me(req), req.body);
    return { badges: badges.map(answer) };
  },
  pdf: async (req, reply) => {
    const user = me(req);
    const lang = languageOf(user.language, req.headers['accept-language']);
    const { badges, period } = await printBadges(app.db, user, req.query);
    const pdf = await badgesPdf(
      badges.map((b) => ({
        name: studentName(b),
        initials: initialsOf(b.firstName, b.lastName),
        school: t(lang, 'classroom.cardPdf.school', { code: user.school.externalId }),
        code: formatBadgeCode(b.code),
      })),
      req.query.paper ?? 'letter',
      {
        title: t(lang, 'classroom.badgePdf.title', { product: PRODUCT_NAME }),
        heading: t(lang, 'classroom.badgePdf.heading'),
      },
    );
    const name = period ? fileSafe(className('en', period)) : '';
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="badges${name ? `-${name}` : ''}.pdf"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  },
  replace: async (req) => answer(await replaceBadge(app.db, me(req), req.params.studentId)),
}));
