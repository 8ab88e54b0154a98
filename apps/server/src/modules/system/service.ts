import type { Queryable } from '../../db/client.js';
import { anyDemoPassword, demoGuardHashes } from '../../lib/demo-sign-ins.js';

/**
 * GET status in one statement: the read of the demo guards' password hashes is also the database
 * round trip it reports (milliseconds); throws when the database does not answer.
 */
export async function databaseAndDemo(
  db: Queryable,
): Promise<{ databaseMs: number; demo: boolean }> {
  const started = performance.now();
  const hashes = await demoGuardHashes(db);
  const databaseMs = Math.round(performance.now() - started);
  return { databaseMs, demo: await anyDemoPassword(hashes) };
}
