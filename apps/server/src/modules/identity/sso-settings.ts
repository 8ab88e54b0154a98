import { lookup as dnsLookup } from 'node:dns/promises';
import { and, eq, sql } from 'drizzle-orm';
import {
  msg,
  type Message,
  type SsoConfigBody,
  type SsoConfigResponse,
  type SsoProvider,
} from '@app/domain';
import type { Db } from '../../db/client.js';
import { schools, ssoConfigs } from '../../db/schema.js';
import { badRequest, causeSummary, HttpError, notFound } from '../../lib/errors.js';
import {
  checkedAddresses,
  OUTBOUND_TIMEOUT_MS,
  outboundPolicyFor,
  OutboundRefused,
  type OutboundPolicy,
} from '../../lib/outbound.js';
import { resealForStorage, sealForStorage } from '../../lib/secrets.js';

import { loggable, redirectUriFor, type SsoConfigRow } from './sso-common.js';

/* The school's SSO settings (school admins), and the demo's clients from the environment. */

const present = (c: SsoConfigRow, baseUrl: string): SsoConfigResponse => ({
  provider: c.provider as SsoProvider,
  issuer: c.issuer,
  clientId: c.clientId,
  userIdClaim: c.userIdClaim,
  hasSecret: c.clientSecret !== '',
  redirectUri: redirectUriFor(baseUrl, c.provider as SsoProvider),
  updatedAt: c.updatedAt.toISOString(),
});

export async function listSsoConfigs(
  db: Db,
  schoolId: string,
  baseUrl: string,
): Promise<SsoConfigResponse[]> {
  const rows = await db
    .select()
    .from(ssoConfigs)
    .where(eq(ssoConfigs.schoolId, schoolId))
    .orderBy(ssoConfigs.provider);
  return rows.map((r) => present(r, baseUrl));
}

/**
 * Why a school may not use this issuer (docs/decisions/060-sso-issuer-public-internet.md), as the admin's message with what failed, or
 * null. Production: https, and a public host (a literal address, or every address its name resolves
 * to now; a name that does not resolve is taken, every fetch checks again). Development and tests
 * also take plain http and this machine's and private networks' addresses.
 */
async function issuerRefusal(
  issuer: string,
  policy: OutboundPolicy,
): Promise<{ message: Message; reason: string } | null> {
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !(policy.allowLocal && url.protocol === 'http:'))
    return { message: msg('msg.ssoIssuerHttps'), reason: `${url.protocol} issuer` };
  try {
    await checkedAddresses(url, {
      ...policy,
      lookup: policy.lookup ?? lookupWithin(OUTBOUND_TIMEOUT_MS),
    });
  } catch (err) {
    if (err instanceof OutboundRefused)
      return { message: msg('msg.ssoIssuerNotPublic'), reason: err.message };
  }
  return null;
}

/** All the addresses of a name, or a failure after `ms`. */
const lookupWithin = (ms: number) => (host: string) =>
  Promise.race([
    dnsLookup(host, { all: true, verbatim: true }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer for ${host} within ${ms} ms`)), ms).unref(),
    ),
  ]);

/**
 * Creates or changes the school's client at a provider; a new one needs its secret, a change may
 * keep it. The secret is stored encrypted (lib/secrets.ts): without a key, a new one is refused.
 */
export async function putSsoConfig(
  db: Db,
  schoolId: string,
  provider: SsoProvider,
  body: SsoConfigBody,
  baseUrl: string,
  policy: OutboundPolicy,
): Promise<SsoConfigResponse> {
  const values = {
    issuer: body.issuer.replace(/\/+$/, ''),
    clientId: body.clientId,
    userIdClaim: body.userIdClaim ?? 'sub',
    updatedAt: sql`now()`,
  };
  const refusal = await issuerRefusal(values.issuer, policy);
  if (refusal)
    throw badRequest(refusal.message, {
      step: 'SSO settings',
      provider,
      schoolId,
      reason: refusal.reason,
    });
  const mine = and(eq(ssoConfigs.schoolId, schoolId), eq(ssoConfigs.provider, provider));
  if (body.clientSecret === undefined) {
    // The kept secret stays; one still kept in clear is encrypted now (lib/secrets.ts).
    const row = await db.transaction(async (tx) => {
      const [old] = await tx
        .select({ clientSecret: ssoConfigs.clientSecret })
        .from(ssoConfigs)
        .where(mine)
        .for('update');
      if (!old) throw badRequest(msg('msg.clientSecretRequired'));
      const clientSecret = await resealForStorage(db, old.clientSecret);
      const [changed] = await tx
        .update(ssoConfigs)
        .set({ ...values, clientSecret })
        .where(mine)
        .returning();
      return changed!;
    });
    return present(row, baseUrl);
  }
  const clientSecret = await sealForStorage(db, body.clientSecret);
  const [row] = await db
    .insert(ssoConfigs)
    .values({ schoolId, provider, ...values, clientSecret })
    .onConflictDoUpdate({
      target: [ssoConfigs.schoolId, ssoConfigs.provider],
      set: { ...values, clientSecret },
    })
    .returning();
  return present(row!, baseUrl);
}

export async function deleteSsoConfig(
  db: Db,
  schoolId: string,
  provider: SsoProvider,
): Promise<void> {
  const rows = await db
    .delete(ssoConfigs)
    .where(and(eq(ssoConfigs.schoolId, schoolId), eq(ssoConfigs.provider, provider)))
    .returning({ p: ssoConfigs.provider });
  if (!rows.length) throw notFound();
}

/** The demo's clients from the environment, written into that school's settings at every start. */
export async function applySsoEnv(
  db: Db,
  env: { SSO_SCHOOL: string; NODE_ENV: string } & Partial<
    Record<`${'CLEVER' | 'CLASSLINK'}_${'ISSUER' | 'CLIENT_ID' | 'CLIENT_SECRET'}`, string>
  >,
  log: { warn(obj: object, msg: string): void },
): Promise<SsoProvider[]> {
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.externalId, env.SSO_SCHOOL))
    .limit(1);
  if (!school) return [];
  const applied: SsoProvider[] = [];
  for (const [provider, prefix] of [
    ['clever', 'CLEVER'],
    ['classlink', 'CLASSLINK'],
  ] as const) {
    const issuer = env[`${prefix}_ISSUER`];
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (!issuer || !clientId || !clientSecret) continue;
    try {
      await putSsoConfig(
        db,
        school.id,
        provider,
        { issuer, clientId, clientSecret },
        '',
        outboundPolicyFor(env),
      );
    } catch (err) {
      // An issuer this server may not reach (a loopback one in production) is left out, said once at start.
      log.warn(
        {
          provider,
          issuer: loggable(issuer),
          reason: err instanceof HttpError ? causeSummary(err.cause) : causeSummary(err),
        },
        `${prefix}_ISSUER is not used: ${err instanceof Error ? err.message : String(err)}`,
      );
      continue;
    }
    applied.push(provider);
  }
  return applied;
}
