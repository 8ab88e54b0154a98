import { API } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { unsubscribe } from '../modules/guardians/digest.js';
import { childrenOf } from '../modules/guardians/service.js';

/** A guardian's children, and the digest's unsubscribe (docs/decisions/115-guardians.md). */
export const guardianRoutes = routesOf('guardian', API.guardian, (app) => {
  // One click in the digest mail (GET), or the mail program's one-click unsubscribe (POST, RFC 8058).
  const unsubscribed = async (req: FastifyRequest<{ Querystring: { token: string } }>) => ({
    message: await unsubscribe(app.db, req.query.token),
  });
  return {
    children: async (req) => childrenOf(app.db, me(req)),
    unsubscribe: unsubscribed,
    unsubscribeOneClick: unsubscribed,
  };
});
