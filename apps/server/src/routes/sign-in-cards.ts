import { API, formatCardCode, languageOf, PRODUCT_NAME, type Language } from '@app/domain';
import { t } from '@app/domain/i18n';
import { publicUrl } from '../env.js';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { cardsPdf } from '../modules/sign-in-cards/pdf.js';
import {
  printCards,
  revokeCard,
  type CardClass,
  type NewCard,
} from '../modules/sign-in-cards/service.js';

/** A file name's part in ASCII letters and digits: "2nd Period — Álgebra" → "2nd-period-algebra". */
const fileSafe = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * Sign-in cards (docs/decisions/133-sign-in-cards.md): print them (as codes, or as a PDF to cut),
 * revoke one. Signing in with one: routes/auth.ts; a password staff give a student: routes/students.ts.
 */
export const signInCardsRoutes = routesOf('signInCards', API.signInCards, (app) => {
  const loginAddress = `${new URL(publicUrl(app.env)).host}/login`;
  const className = (lang: Language, c: CardClass | null) =>
    c
      ? t(lang, 'classroom.classTitle', {
          period: t(lang, 'classroom.periodName', { n: c.periodNumber }),
          name: c.name,
        })
      : '';
  const studentName = (c: NewCard) => `${c.firstName} ${c.lastName}`.trim();

  return {
    print: async (req) => {
      const { cards } = await printCards(app.db, me(req), req.body);
      return {
        cards: cards.map((c) => ({
          studentId: c.studentId,
          name: studentName(c),
          code: formatCardCode(c.code),
        })),
      };
    },
    pdf: async (req, reply) => {
      const user = me(req);
      const lang = languageOf(user.language, req.headers['accept-language']);
      const { cards, period } = await printCards(app.db, user, req.query);
      const pdf = await cardsPdf(
        cards.map((c) => ({
          name: studentName(c),
          className: className(lang, c.period),
          school: t(lang, 'classroom.cardPdf.school', { code: user.school.externalId }),
          code: formatCardCode(c.code),
          qrText: c.code,
        })),
        req.query.paper,
        {
          title: t(lang, 'classroom.cardPdf.title', { product: PRODUCT_NAME }),
          heading: t(lang, 'classroom.cardPdf.heading', { product: PRODUCT_NAME }),
          codeLabel: t(lang, 'classroom.cardPdf.code'),
          howTo: t(lang, 'classroom.cardPdf.howTo', { address: loginAddress }),
        },
      );
      const name = period ? fileSafe(className('en', period)) : '';
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="sign-in-cards${name ? `-${name}` : ''}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
    revoke: async (req) => {
      await revokeCard(app.db, me(req), req.params.studentId);
      return { ok: true };
    },
  };
});
