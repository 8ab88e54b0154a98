import {
  loginBody,
  loginResponse,
  okResponse,
  profileLanguageBody,
  sessionUserResponse,
  type LoginResponse,
  type OkResponse,
  type SessionUser,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUrl } from '../../env.js';
import { me } from '../../lib/auth-context.js';
import { deviceOf } from '../../lib/sign-in-devices.js';
import { withRetryAfter } from '../../lib/rate-limit.js';
import { presentSessionUser } from '../../presenters/user.js';
import { login, revokeSession, sessionAnswer, setLanguage, usernameOfUser } from './service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = publicUrl(app.env).startsWith('https:');
  const usernameOf = (schoolId: string, userId: string) => usernameOfUser(app.db, schoolId, userId);

  app.post(
    '/auth/login',
    {
      config: { public: true, answers: [401, 403, 429] },
      schema: { tags: ['auth'], body: loginBody, response: { 200: loginResponse } },
    },
    async (req, reply): Promise<LoginResponse> => {
      const device = deviceOf(req.headers.cookie);
      const { token } = await login(
        app.db,
        {
          ...req.body,
          address: req.ip, // X-Forwarded-For only under TRUST_PROXY (Fastify's trustProxy)
          ttlHours: app.env.SESSION_TTL_HOURS,
        },
        device,
      ).catch(withRetryAfter(reply));
      const cookie = device.cookie(secure);
      if (cookie) reply.header('set-cookie', cookie);
      return sessionAnswer(app.db, token);
    },
  );

  app.post(
    '/auth/me',
    {
      config: { action: 'session:use' },
      schema: { tags: ['auth'], response: { 200: sessionUserResponse } },
    },
    async (req): Promise<SessionUser> => {
      const user = me(req);
      return presentSessionUser(user, await usernameOf(user.schoolId, user.id));
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { action: 'session:use' },
      schema: { tags: ['auth'], response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await revokeSession(app.db, me(req).tokenHash);
      return { ok: true };
    },
  );

  app.put(
    '/profile/language',
    {
      config: { action: 'session:use' },
      schema: { tags: ['auth'], body: profileLanguageBody, response: { 200: profileLanguageBody } },
    },
    async (req) => setLanguage(app.db, me(req), req.body.language),
  );
};
