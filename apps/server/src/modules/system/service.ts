import type { Queryable } from '../../db/client.js';
import { anyDemoPassword, demoGuardHashes } from '../../lib/demo-sign-ins.js';
import { singleFlight } from '../../lib/single-flight.js';

/**
 * GET status in one statement: the read of the demo guards' password hashes is also the database
 * round trip it reports (milliseconds); throws when the database does not answer. Calls that
 * arrive while a probe is on its way share it (every page load asks; a health check's answer is
 * the database as one round trip found it, never a kept one).
 */
export const databaseAndDemo = singleFlight(
  async (db: Queryable): Promise<{ databaseMs: number; demo: boolean }> => {
    const started = performance.now();
    const hashes = await demoGuardHashes(db);
    const databaseMs = Math.round(performance.now() - started);
    return { databaseMs, demo: await anyDemoPassword(hashes) };
  },
);
