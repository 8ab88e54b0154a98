import { API, msg } from '@app/domain';
import { routesOf } from '../lib/contract-routes.js';
import { forbidden } from '../lib/errors.js';
import { hit, withRetryAfter } from '../lib/rate-limit.js';
import { signInAs } from '../modules/auth/service.js';
import { runSetup, setupOpen } from '../modules/setup/service.js';

/**
 * Setup attempts per address per 15 minutes (the code itself has 59 bits). Per address only: a
 * count over all addresses let a few of them lock everyone out of /setup (issue 31, L2).
 */
const ATTEMPTS_PER_ADDRESS = 10;

/** The first start (docs/decisions/075-setup-code.md): public, and refused for good once a school exists. */
export const setupRoutes = routesOf('setup', API.setup, (app) => ({
  status: async () => ({ open: await setupOpen(app.db) }),
  run: async (req, reply) => {
    // Closed for good once a school exists: refused before the attempt is counted.
    if (!(await setupOpen(app.db))) throw forbidden(msg('msg.setupDone'));
    await hit(app.db, [
      { key: `setup:address:${req.ip}`, max: ATTEMPTS_PER_ADDRESS, windowSeconds: 15 * 60 },
    ]).catch(withRetryAfter(reply));
    const made = await runSetup(app.db, req.body);
    // The owner is signed in, as POST auth/login would.
    return signInAs(app.db, made, app.env.SESSION_TTL_HOURS);
  },
}));
