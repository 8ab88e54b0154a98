import {
  cardLoginBody,
  formatCardCode,
  languageOf,
  loginResponse,
  okResponse,
  PRODUCT_NAME,
  signInCardParams,
  signInCardsBody,
  signInCardsPdfQuery,
  signInCardsResponse,
  studentPasswordBody,
  studentPasswordResponse,
  type Language,
  type LoginResponse,
  type OkResponse,
  type SignInCardsResponse,
} from '@app/domain';
import { t } from '@app/domain/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUrl } from '../../env.js';
import { me } from '../../lib/auth-context.js';
import { withRetryAfter } from '../../lib/rate-limit.js';
import { deviceOf } from '../../lib/sign-in-devices.js';
import { signInAs } from '../auth/service.js';
import { cardsPdf } from './pdf.js';
import {
  cardLogin,
  printCards,
  revokeCard,
  setStudentPassword,
  type CardClass,
  type NewCard,
} from './service.js';

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
 * revoke one, sign in with one; and a password staff give a student.
 */
export const signInCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = publicUrl(app.env);
  const secure = baseUrl.startsWith('https:');
  const loginAddress = `${new URL(baseUrl).host}/login`;
  const className = (lang: Language, c: CardClass | null) =>
    c
      ? t(lang, 'classroom.classTitle', {
          period: t(lang, 'classroom.periodName', { n: c.periodNumber }),
          name: c.name,
        })
      : '';
  const studentName = (c: NewCard) => `${c.firstName} ${c.lastName}`.trim();

  app.post(
    '/sign-in-cards',
    {
      config: { action: 'students:signIn' },
      schema: {
        tags: ['periods'],
        description:
          "New sign-in cards for the students named or a class's students: each student's earlier card stops working. The codes are answered this once.",
        body: signInCardsBody,
        response: { 200: signInCardsResponse },
      },
    },
    async (req): Promise<SignInCardsResponse> => {
      const { cards } = await printCards(app.db, me(req), req.body);
      return {
        cards: cards.map((c) => ({
          studentId: c.studentId,
          name: studentName(c),
          code: formatCardCode(c.code),
        })),
      };
    },
  );

  app.get(
    '/sign-in-cards.pdf',
    {
      config: {
        action: 'students:signIn',
        documentedFile: {
          contentType: 'application/pdf',
          description:
            "New sign-in cards (each student's earlier card stops working) as a PDF to print and cut: 10 a page on letter, 8 on A4.",
        },
      },
      schema: { tags: ['periods'], querystring: signInCardsPdfQuery },
    },
    async (req, reply) => {
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
  );

  app.delete(
    '/sign-in-cards/:studentId',
    {
      config: { action: 'students:signIn' },
      schema: { tags: ['periods'], params: signInCardParams, response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await revokeCard(app.db, me(req), req.params.studentId);
      return { ok: true };
    },
  );

  app.put(
    '/students/:studentId/password',
    {
      config: { action: 'students:signIn', answers: [409] },
      schema: {
        tags: ['periods'],
        description:
          'A password for a student, under the account-setup rules; a student without a sign-in name gets firstname.lastname, made unique. Their sessions go on.',
        params: signInCardParams,
        body: studentPasswordBody,
        response: { 200: studentPasswordResponse },
      },
    },
    async (req) => setStudentPassword(app.db, me(req), req.params.studentId, req.body.password),
  );

  app.post(
    '/auth/login/card',
    {
      config: { public: true, answers: [401, 403, 429] },
      schema: { tags: ['auth'], body: cardLoginBody, response: { 200: loginResponse } },
    },
    async (req, reply): Promise<LoginResponse> => {
      const device = deviceOf(req.headers.cookie);
      const who = await cardLogin(app.db, { code: req.body.code, address: req.ip }, device).catch(
        withRetryAfter(reply),
      );
      const cookie = device.cookie(secure);
      if (cookie) reply.header('set-cookie', cookie);
      return signInAs(app.db, who, app.env.SESSION_TTL_HOURS);
    },
  );
};
