import { z } from 'zod';
import {
  childResponse,
  EMAIL_LINK_ANSWER,
  emailLinkBody,
  emailLinkUseBody,
  guardianInviteBody,
  guardianInviteResponse,
  guardianListResponse,
  loginResponse,
  unsubscribeQuery,
  type LoginResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUrl } from '../../env.js';
import { me } from '../../lib/auth-context.js';
import { causeSummary } from '../../lib/errors.js';
import { createMailer } from '../../lib/mailer.js';
import { withRetryAfter } from '../../lib/rate-limit.js';
import { signInAs } from '../auth/service.js';
import { emailSignInLink, signInWithLink } from '../identity/service.js';
import { unsubscribe } from './digest.js';
import { childrenOf, inviteGuardian, listGuardians, signInLinkMail } from './service.js';

const messageResponse = z.object({ message: z.string() });

/** Guardians (docs/decisions/115-guardians.md): their children, invitations, e-mailed sign-in, the digest's unsubscribe. */
export const guardianRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = publicUrl(app.env);
  const mailer = createMailer(app.env, app.log);

  app.get(
    '/guardian/children',
    {
      config: { action: 'family:read' },
      schema: { tags: ['guardians'], response: { 200: z.array(childResponse) } },
    },
    async (req) => childrenOf(app.db, me(req)),
  );

  app.get(
    '/settings/guardians',
    {
      config: { action: 'guardians:manage' },
      schema: { tags: ['settings'], response: { 200: guardianListResponse } },
    },
    async (req) => listGuardians(app.db, me(req).schoolId),
  );

  app.post(
    '/settings/guardians',
    {
      config: { action: 'guardians:manage', answers: [409] },
      schema: {
        tags: ['settings'],
        body: guardianInviteBody,
        response: { 200: guardianInviteResponse },
      },
    },
    async (req) => inviteGuardian(app.db, mailer, baseUrl, me(req), req.body),
  );

  app.post(
    '/auth/login/email-link',
    {
      config: { public: true, answers: [429] },
      schema: { tags: ['auth'], body: emailLinkBody, response: { 200: messageResponse } },
    },
    async (req, reply) => {
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
  );

  app.post(
    '/auth/login/email-link/use',
    {
      config: { public: true, answers: [401, 403] },
      schema: { tags: ['auth'], body: emailLinkUseBody, response: { 200: loginResponse } },
    },
    async (req): Promise<LoginResponse> => {
      const who = await signInWithLink(app.db, req.body.token);
      return signInAs(app.db, who, app.env.SESSION_TTL_HOURS);
    },
  );

  // One click in the digest mail (GET), or the mail program's one-click unsubscribe (POST, RFC 8058).
  for (const method of ['GET', 'POST'] as const)
    app.route({
      method,
      url: '/guardian/unsubscribe',
      config: { public: true },
      schema: {
        tags: ['guardians'],
        querystring: unsubscribeQuery,
        response: { 200: messageResponse },
      },
      handler: async (req) => ({ message: await unsubscribe(app.db, req.query.token) }),
    });
};
