import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../../db/client.js';
import { DEFAULT_WEB_DIST } from '../../env.js';
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

/** The release id (GET status and GET release): RELEASE, else the id the web build wrote, else 'development'. */
export function currentRelease(env: { RELEASE?: string; WEB_DIST?: string }): string {
  if (env.RELEASE) return env.RELEASE;
  const file = path.join(env.WEB_DIST ?? DEFAULT_WEB_DIST, 'release.json');
  if (existsSync(file)) {
    try {
      return String(JSON.parse(readFileSync(file, 'utf8')).release);
    } catch {
      /* fall through */
    }
  }
  return 'development';
}
