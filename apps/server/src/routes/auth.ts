import type { FastifyReply, FastifyRequest } from 'fastify';
import { API, EMAIL_LINK_ANSWER, FORGOT_PASSWORD_ANSWER, SSO_STATE_MINUTES } from '@app/domain';
import { publicUrl } from '../env.js';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { causeSummary } from '../lib/errors.js';
import { createMailer } from '../lib/mailer.js';
import { outboundPolicyFor } from '../lib/outbound.js';
import { withRetryAfter } from '../lib/rate-limit.js';
import { deviceOf, type SignInDevice } from '../lib/sign-in-devices.js';
import { newToken } from '../lib/tokens.js';
import {
  login,
  revokeSession,
  sessionAnswer,
  signInAs,
  usernameOfUser,
} from '../modules/auth/service.js';
import { signInLinkMail } from '../modules/guardians/service.js';
import {
  completeSetup,
  forgotPassword,
  resetPassword,
  setupInfo,
} from '../modules/identity/password-links.js';
import { schoolTokenLogin } from '../modules/identity/school-tokens.js';
import { emailSignInLink, signInWithLink } from '../modules/identity/service.js';
import {
  completeSso,
  cookieOf,
  createSsoState,
  SSO_COOKIE,
  SSO_COOKIE_PATH,
} from '../modules/identity/sso.js';
import { signInWithCashierCode } from '../modules/cashier-codes/service.js';
import { cardLogin } from '../modules/sign-in-cards/service.js';
import { presentSessionUser } from '../presenters/user.js';

/**
 * A sign-in under the guessing limits (lib/sign-in-limits.ts): a 429 says when to retry, and a
 * browser newly trusted for the name gets its cookie.
 */
async function underLimits<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
  run: (device: SignInDevice) => Promise<T>,
): Promise<T> {
  const device = deviceOf(req.headers.cookie);
  const done = await run(device).catch(withRetryAfter(reply));
  const cookie = device.cookie(secure);
  if (cookie) reply.header('set-cookie', cookie);
  return done;
}

/**
 * Signing in (password, SSO, school token, e-mailed link, sign-in card, cashier code), the
 * session, account setup and password reset. Every sign-in answers the same session (auth.login's answer).
 */
export const authRoutes = routesOf('auth', API.auth, (app) => {
  const baseUrl = publicUrl(app.env);
  const secure = baseUrl.startsWith('https:');
  const secureCookie = secure ? '; Secure' : '';
  const mailer = createMailer(app.env, app.log);
  /** What the SSO calls may reach: in production https to public addresses only (docs/decisions/060-sso-issuer-public-internet.md). */
  const outbound = outboundPolicyFor(app.env);
  const usernameOf = (schoolId: string, userId: string) => usernameOfUser(app.db, schoolId, userId);
  const signIn = (who: { schoolId: string; userId: string }) =>
    signInAs(app.db, who, app.env.SESSION_TTL_HOURS);

  return {
    login: async (req, reply) => {
      const { token } = await underLimits(req, reply, secure, (device) =>
        login(
          app.db,
          {
            ...req.body,
            address: req.ip, // X-Forwarded-For only under TRUST_PROXY (Fastify's trustProxy)
            ttlHours: app.env.SESSION_TTL_HOURS,
          },
          device,
        ),
      );
      return sessionAnswer(app.db, token);
    },
    me: async (req) => {
      const user = me(req);
      return presentSessionUser(user, await usernameOf(user.schoolId, user.id));
    },
    logout: async (req) => {
      await revokeSession(app.db, me(req).tokenHash);
      return { ok: true };
    },
    ssoState: async (req, reply) => {
      const browser = cookieOf(req.headers.cookie, SSO_COOKIE) ?? newToken();
      const answer = await createSsoState(
        app.db,
        { ...req.query, browser, address: req.ip, baseUrl },
        outbound,
      ).catch(withRetryAfter(reply));
      reply.header(
        'set-cookie',
        `${SSO_COOKIE}=${browser}; Path=${SSO_COOKIE_PATH}; Max-Age=${SSO_STATE_MINUTES * 60}; HttpOnly; SameSite=Lax${secureCookie}`,
      );
      return answer;
    },
    loginSso: async (req) =>
      signIn(
        await completeSso(
          app.db,
          { ...req.body, browser: cookieOf(req.headers.cookie, SSO_COOKIE), baseUrl },
          outbound,
        ),
      ),
    loginSchool: async (req, reply) =>
      signIn(
        await underLimits(req, reply, secure, (device) =>
          schoolTokenLogin(app.db, { ...req.body, address: req.ip }, device),
        ),
      ),
    accountSetupInfo: async (req) => setupInfo(app.db, req.query.token),
    accountSetup: async (req) => signIn(await completeSetup(app.db, req.body)),
    forgotPassword: async (req, reply) => {
      await forgotPassword(
        app.db,
        mailer,
        baseUrl,
        { email: req.body.email, address: req.ip },
        (err) => app.log.error({ cause: causeSummary(err) }, 'password reset mail failed'),
      ).catch(withRetryAfter(reply));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
    resetPassword: async (req) => signIn(await resetPassword(app.db, req.body)),
    emailLink: async (req, reply) => {
      await emailSignInLink(
        app.db,
        mailer,
        baseUrl,
        { email: req.body.email, address: req.ip },
        signInLinkMail,
        (err) => app.log.error({ cause: causeSummary(err) }, 'sign-in link mail failed'),
      ).catch(withRetryAfter(reply));
      return { message: EMAIL_LINK_ANSWER };
    },
    signInWithLink: async (req) => signIn(await signInWithLink(app.db, req.body.token)),
    loginCard: async (req, reply) =>
      signIn(
        await underLimits(req, reply, secure, (device) =>
          cardLogin(app.db, { code: req.body.code, address: req.ip }, device),
        ),
      ),
    loginCashier: async (req, reply) =>
      underLimits(req, reply, secure, (device) =>
        signInWithCashierCode(app.db, { code: req.body.code, address: req.ip }, device),
      ),
  };
});
