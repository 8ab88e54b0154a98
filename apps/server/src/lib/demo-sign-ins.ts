import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { credentials } from '../db/schema.js';
import { verifyPassword } from './tokens.js';

/** The demo's shared, published password (apps/server/src/seed/demo.ts gives it to every demo sign-in). */
export const DEMO_PASSWORD = 'demo1234';
/** The demo's school admins, one per demo school. */
export const DEMO_ADMIN = 'admin';
export const DEMO_OTHER_ADMIN = 'other-admin';
/** The demo's guardian of student1 and student2 (docs/decisions/115-guardians.md). */
export const DEMO_GUARDIAN = 'guardian1';
/** The demo district's owner, a super admin of DEMO and OTHER. */
export const DEMO_DISTRICT_OWNER = 'district';

/** The sign-ins whose published password makes the demo a demo: its school admins and district owner. */
const DEMO_GUARDS = [DEMO_ADMIN, DEMO_OTHER_ADMIN, DEMO_DISTRICT_OWNER];

/**
 * Whether a stored hash is of DEMO_PASSWORD, remembered per hash: a hash changes with its password,
 * so only a new password costs an argon2 check (GET status asks on every call).
 */
const verdicts = new Map<string, boolean>();
async function isDemoPasswordHash(hash: string): Promise<boolean> {
  let verdict = verdicts.get(hash);
  if (verdict === undefined) {
    verdict = await verifyPassword(hash, DEMO_PASSWORD);
    if (verdicts.size >= 64) verdicts.clear(); // bounded whatever happens
    verdicts.set(hash, verdict);
  }
  return verdict;
}

/** The demo guards' password hashes: one read by primary key. */
export async function demoGuardHashes(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ passwordHash: credentials.passwordHash })
    .from(credentials)
    .where(inArray(credentials.username, DEMO_GUARDS));
  return rows.map((r) => r.passwordHash);
}

/** Whether any of these hashes is of DEMO_PASSWORD (argon2 only for a hash not seen before). */
export async function anyDemoPassword(hashes: readonly string[]): Promise<boolean> {
  for (const h of hashes) if (await isDemoPasswordHash(h)) return true;
  return false;
}

/**
 * Whether the demo's sign-ins work: a demo school admin or the demo district owner still has the
 * published DEMO_PASSWORD (docs/decisions/081-demo-banner.md). Once their hashes are known, one
 * read by primary key.
 */
export async function demoSignInsPresent(db: Queryable): Promise<boolean> {
  return anyDemoPassword(await demoGuardHashes(db));
}
