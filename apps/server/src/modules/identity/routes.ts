import { z } from 'zod';
import {
  accountSetupBody,
  accountSetupInfoResponse,
  bulkInvitationResponse,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordBody,
  forgotPasswordResponse,
  invitationBody,
  invitationListResponse,
  invitationResponse,
  linkQuery,
  loginResponse,
  okResponse,
  resetPasswordBody,
  signInLimitListResponse,
  signInLimitParams,
  schoolLoginBody,
  schoolTokenBody,
  schoolTokenIssuedResponse,
  schoolTokenListResponse,
  SSO_STATE_MINUTES,
  ssoConfigBody,
  ssoConfigListResponse,
  ssoConfigResponse,
  ssoLoginBody,
  ssoProviderParams,
  ssoStateQuery,
  ssoStateResponse,
  type LoginResponse,
  type OkResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { personToActOn } from '../../access/users.js';
import { publicUrl } from '../../env.js';
import { me } from '../../lib/auth-context.js';
import { causeSummary } from '../../lib/errors.js';
import { createMailer } from '../../lib/mailer.js';
import { outboundPolicyFor } from '../../lib/outbound.js';
import { withRetryAfter } from '../../lib/rate-limit.js';
import { deviceOf } from '../../lib/sign-in-devices.js';
import { newToken } from '../../lib/tokens.js';
import { signInAs } from '../auth/service.js';
import {
  completeSetup,
  forgotPassword,
  inviteEveryone,
  listInvitations,
  resetPassword,
  sendInvitation,
  setupInfo,
} from './password-links.js';
import {
  issueSchoolToken,
  listSchoolTokens,
  revokeSchoolToken,
  rotateSchoolToken,
  schoolTokenLogin,
  tokenHolder,
} from './school-tokens.js';
import { liftAddress, refusedAddresses } from './sign-in-limits.js';
import {
  completeSso,
  cookieOf,
  createSsoState,
  deleteSsoConfig,
  listSsoConfigs,
  putSsoConfig,
  SSO_COOKIE,
  SSO_COOKIE_PATH,
} from './sso.js';

const tokenIdParams = z.object({ id: z.uuid({ error: 'id must be a school token id' }) });

/** Sign-in by SSO and school token, account setup and password reset, and their settings (school admins). */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = publicUrl(app.env);
  const mailer = createMailer(app.env, app.log);
  const secureCookie = baseUrl.startsWith('https:') ? '; Secure' : '';
  /** What the SSO calls may reach: in production https to public addresses only (docs/decisions/060-sso-issuer-public-internet.md). */
  const outbound = outboundPolicyFor(app.env);

  const signIn = (who: { schoolId: string; userId: string }): Promise<LoginResponse> =>
    signInAs(app.db, who, app.env.SESSION_TTL_HOURS);

  app.get(
    '/auth/login/sso/state',
    {
      config: { public: true, answers: [429] },
      schema: { tags: ['auth'], querystring: ssoStateQuery, response: { 200: ssoStateResponse } },
    },
    async (req, reply) => {
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
  );

  app.post(
    '/auth/login/sso',
    {
      config: { public: true, answers: [401, 403] },
      schema: { tags: ['auth'], body: ssoLoginBody, response: { 200: loginResponse } },
    },
    async (req) =>
      signIn(
        await completeSso(
          app.db,
          { ...req.body, browser: cookieOf(req.headers.cookie, SSO_COOKIE), baseUrl },
          outbound,
        ),
      ),
  );

  app.post(
    '/auth/login/school',
    {
      config: { public: true, answers: [401, 403, 429] },
      schema: { tags: ['auth'], body: schoolLoginBody, response: { 200: loginResponse } },
    },
    async (req, reply) => {
      const device = deviceOf(req.headers.cookie);
      const who = await schoolTokenLogin(app.db, { ...req.body, address: req.ip }, device).catch(
        withRetryAfter(reply),
      );
      const cookie = device.cookie(secureCookie !== '');
      if (cookie) reply.header('set-cookie', cookie);
      return signIn(who);
    },
  );

  app.get(
    '/auth/account-setup',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        querystring: linkQuery,
        response: { 200: accountSetupInfoResponse },
      },
    },
    async (req) => setupInfo(app.db, req.query.token),
  );

  app.post(
    '/auth/account-setup',
    {
      config: { public: true, answers: [401, 403] },
      schema: { tags: ['auth'], body: accountSetupBody, response: { 200: loginResponse } },
    },
    async (req) => signIn(await completeSetup(app.db, req.body)),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true, answers: [429] },
      schema: {
        tags: ['auth'],
        body: forgotPasswordBody,
        response: { 200: forgotPasswordResponse },
      },
    },
    async (req, reply) => {
      await forgotPassword(
        app.db,
        mailer,
        baseUrl,
        { email: req.body.email, address: req.ip },
        (err) => app.log.error({ cause: causeSummary(err) }, 'password reset mail failed'),
      ).catch(withRetryAfter(reply));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { public: true, answers: [401, 403] },
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: loginResponse } },
    },
    async (req) => signIn(await resetPassword(app.db, req.body)),
  );

  // Settings: the school's SSO clients, school tokens and invitations.
  app.get(
    '/settings/sso',
    {
      config: { action: 'settings:identity' },
      schema: {
        tags: ['settings'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: ssoConfigListResponse },
      },
    },
    async (req) => listSsoConfigs(app.db, me(req).schoolId, baseUrl),
  );
  app.put(
    '/settings/sso/:provider',
    {
      config: { action: 'settings:identity' },
      schema: {
        tags: ['settings'],
        params: ssoProviderParams,
        body: ssoConfigBody,
        response: { 200: ssoConfigResponse },
      },
    },
    async (req) =>
      putSsoConfig(app.db, me(req).schoolId, req.params.provider, req.body, baseUrl, outbound),
  );
  app.delete(
    '/settings/sso/:provider',
    {
      config: { action: 'settings:identity' },
      schema: { tags: ['settings'], params: ssoProviderParams, response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await deleteSsoConfig(app.db, me(req).schoolId, req.params.provider);
      return { ok: true };
    },
  );

  app.get(
    '/settings/school-tokens',
    {
      config: { action: 'settings:identity' },
      schema: {
        tags: ['settings'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: schoolTokenListResponse },
      },
    },
    async (req) => listSchoolTokens(app.db, me(req).schoolId),
  );
  app.post(
    '/settings/school-tokens',
    {
      config: { action: 'settings:identity' },
      schema: {
        tags: ['settings'],
        body: schoolTokenBody,
        response: { 200: schoolTokenIssuedResponse },
      },
    },
    async (req) => {
      await personToActOn(app.db, me(req), req.body.userId);
      return issueSchoolToken(app.db, me(req).schoolId, me(req).id, req.body);
    },
  );
  app.post(
    '/settings/school-tokens/:id/rotate',
    {
      config: { action: 'settings:identity' },
      schema: {
        tags: ['settings'],
        params: tokenIdParams,
        response: { 200: schoolTokenIssuedResponse },
      },
    },
    async (req) => {
      await personToActOn(
        app.db,
        me(req),
        await tokenHolder(app.db, me(req).schoolId, req.params.id),
      );
      return rotateSchoolToken(app.db, me(req).schoolId, me(req).id, req.params.id);
    },
  );
  app.delete(
    '/settings/school-tokens/:id',
    {
      config: { action: 'settings:identity' },
      schema: { tags: ['settings'], params: tokenIdParams, response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await personToActOn(
        app.db,
        me(req),
        await tokenHolder(app.db, me(req).schoolId, req.params.id),
      );
      await revokeSchoolToken(app.db, me(req).schoolId, req.params.id);
      return { ok: true };
    },
  );

  app.get(
    '/settings/sign-in-limits',
    {
      config: { action: 'settings:identity' },
      schema: {
        tags: ['settings'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: signInLimitListResponse },
      },
    },
    async (req) => refusedAddresses(app.db, me(req).schoolId),
  );
  app.delete(
    '/settings/sign-in-limits/:address',
    {
      config: { action: 'settings:identity' },
      schema: { tags: ['settings'], params: signInLimitParams, response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await liftAddress(app.db, me(req).schoolId, req.params.address);
      return { ok: true };
    },
  );

  // Invitations (docs/decisions/132-invitations-without-mail.md): when no mail can go out, the
  // answer carries the one-time link (every API answer is no-store).
  app.get(
    '/settings/invitations',
    {
      config: { action: 'settings:identity' },
      schema: {
        tags: ['settings'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: invitationListResponse },
      },
    },
    async (req) => listInvitations(app.db, baseUrl, me(req)),
  );
  app.post(
    '/settings/invitations',
    {
      config: { action: 'settings:identity' },
      schema: { tags: ['settings'], body: invitationBody, response: { 200: invitationResponse } },
    },
    async (req) => {
      const admin = me(req);
      await personToActOn(app.db, admin, req.body.userId);
      return sendInvitation(
        app.db,
        mailer,
        baseUrl,
        { schoolId: admin.schoolId, id: admin.id, schoolName: admin.school.name },
        req.body,
      );
    },
  );
  app.post(
    '/settings/invitations/all',
    {
      config: { action: 'settings:identity' },
      schema: { tags: ['settings'], response: { 200: bulkInvitationResponse } },
    },
    async (req) => inviteEveryone(app.db, mailer, baseUrl, me(req)),
  );
};
