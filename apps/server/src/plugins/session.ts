import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.js';
import {
  configureSessionCache,
  findSession,
  watchSessionChanges,
} from '../modules/auth/service.js';
import { isApiPath } from './api-routes.js';

/**
 * Who is calling: the `authtoken` header's session (cached per server, emptied by the database's
 * change notices), as `req.auth`; a `from` header must name the token's user. It refuses nobody
 * else: permission.ts does. Runs before validation, so a call without a session is 401 whatever
 * its body.
 */
export const sessionPlugin = fp(
  async (app) => {
    configureSessionCache(app.db, app.env.SESSION_CACHE_SECONDS);
    const stopWatching = await watchSessionChanges(app.database, app.db);
    app.addHook('onClose', async () => stopWatching());
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (req) => {
      if (!isApiPath(req.url)) return;
      const token = req.headers.authtoken;
      if (typeof token !== 'string' || token.length === 0 || token.length >= 200) return;
      const user = await findSession(app.db, token);
      const from = req.headers.from;
      if (user && (from === undefined || from === '' || from === user.id)) req.auth = user;
      // A `from` that is not the token's user.
      else if (user && !req.routeOptions.config.public) throw unauthorized();
    });
  },
  { name: 'session', dependencies: ['database', 'env'] },
);
