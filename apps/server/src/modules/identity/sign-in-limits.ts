import { msg } from '@app/domain';
import { and, eq, gte, like, sql } from 'drizzle-orm';
import type { SignInLimitListResponse } from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import {
  addressKey,
  ADDRESS_LIMIT,
  schoolAddressKey,
  SIGN_IN_WINDOW_SECONDS,
} from '../../lib/sign-in-limits.js';

/*
 * A school's admins see the addresses refused now after failed sign-ins against their school's
 * names, and may lift one (docs/decisions/126-device-cookies.md): a spray from a shared address
 * otherwise holds back, for 15 minutes, the people there whose browsers have not signed in before.
 */

const live = sql`${rateLimits.windowStart} + make_interval(secs => ${rateLimits.windowSeconds}) > now()`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET settings/sign-in-limits: the refused addresses with failures against this school, newest window first. */
export async function refusedAddresses(
  db: Queryable,
  schoolId: string,
): Promise<SignInLimitListResponse> {
  const prefix = schoolAddressKey(schoolId, '');
  const mine = await db
    .select({ key: rateLimits.key, hits: rateLimits.hits })
    .from(rateLimits)
    .where(
      and(
        like(rateLimits.key, `${escapeLike(prefix)}%`),
        eq(rateLimits.windowSeconds, SIGN_IN_WINDOW_SECONDS),
        live,
      ),
    );
  const addresses = [];
  for (const row of mine) {
    const address = row.key.slice(prefix.length);
    const [refused] = await db
      .select({
        until: sql<string>`to_char((${rateLimits.windowStart} + make_interval(secs => ${rateLimits.windowSeconds})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(rateLimits)
      .where(
        and(
          eq(rateLimits.key, addressKey(address)),
          eq(rateLimits.windowSeconds, SIGN_IN_WINDOW_SECONDS),
          gte(rateLimits.hits, ADDRESS_LIMIT),
          live,
        ),
      );
    if (refused) addresses.push({ address, failures: row.hits, until: refused.until });
  }
  return { addresses: addresses.sort((a, b) => b.until.localeCompare(a.until)) };
}

/** DELETE settings/sign-in-limits/{address}: lifts a refused address of this school's list (404 otherwise). */
export async function liftAddress(db: Db, schoolId: string, address: string): Promise<void> {
  const { addresses } = await refusedAddresses(db, schoolId);
  if (!addresses.some((a) => a.address === address)) throw notFound(msg('msg.addressNotFound'));
  await db.transaction(async (tx) => {
    await tx.delete(rateLimits).where(eq(rateLimits.key, addressKey(address)));
    await tx.delete(rateLimits).where(eq(rateLimits.key, schoolAddressKey(schoolId, address)));
  });
}
