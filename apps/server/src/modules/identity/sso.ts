import { and, eq, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { msg, SSO_STATE_MINUTES, type SsoProvider, type SsoStateResponse } from '@app/domain';
import type { Db } from '../../db/client.js';
import { schools, ssoConfigs, ssoStates, users } from '../../db/schema.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { addressKind } from '../../lib/ip-address.js';
import {
  guardedFetch,
  OUTBOUND_TIMEOUT_MS,
  OutboundRefused,
  urlProblem,
  type OutboundPolicy,
} from '../../lib/outbound.js';
import { hit } from '../../lib/rate-limit.js';
import { openStored } from '../../lib/secrets.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { loggable, redirectUriFor, type SsoConfigRow } from './sso-common.js';

export { applySsoEnv, deleteSsoConfig, listSsoConfigs, putSsoConfig } from './sso-settings.js';

/*
 * Single sign-on with Clever and ClassLink as OpenID Connect authorization-code flows with PKCE
 * (docs/spec.md section 10.8; docs/decisions/048-sso.md). The state is ours: random, stored hashed
 * with the PKCE verifier and nonce, bound to the browser by a cookie, used once, for minutes.
 */

/** The browser binding cookie: random, HttpOnly, sent only to the SSO calls. */
export const SSO_COOKIE = 'sso_browser';
export const SSO_COOKIE_PATH = '/api/v1/auth/login/sso';
const SCOPE = 'openid profile';
/** States created per address per 15 minutes (they are rows in the database). */
const MAX_STATES_PER_ADDRESS = 100;

/**
 * Whether an endpoint of the provider's metadata is where it may be (docs/decisions/060-sso-issuer-public-internet.md): https (plain
 * http only where the policy allows local addresses), the browser's authorization endpoint at the
 * issuer's own origin (else a provider's metadata makes an open redirect of our sign-in), and the
 * endpoints this server calls (token, user info, keys) on the issuer's host or its site (the host
 * without its first label: Clever's user info is at api.clever.com for the issuer clever.com).
 */
export function endpointProblem(
  name: string,
  value: unknown,
  issuer: URL,
  policy: Pick<OutboundPolicy, 'allowLocal'>,
  sameOrigin: boolean,
): string | null {
  if (value === undefined && !sameOrigin) return null;
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    return `${name} is not a URL`;
  }
  const problem = urlProblem(url, policy);
  if (problem) return `${name}: ${problem}`;
  if (sameOrigin)
    return url.origin === issuer.origin
      ? null
      : `${name} ${url.origin} is not at the issuer's origin ${issuer.origin}`;
  const host = url.hostname;
  const site =
    addressKind(issuer.hostname) || issuer.hostname.split('.').length <= 2
      ? issuer.hostname
      : issuer.hostname.split('.').slice(1).join('.');
  return host === issuer.hostname || host === site || host.endsWith(`.${site}`)
    ? null
    : `${name} ${url.host} is not on the issuer's site ${site}`;
}

/** The provider's metadata (discovery), each time: a changed configuration applies at once on every server. */
async function discover(cfg: SsoConfigRow, policy: OutboundPolicy): Promise<oidc.Configuration> {
  const context = {
    step: 'discovery',
    provider: cfg.provider,
    schoolId: cfg.schoolId,
    issuer: loggable(cfg.issuer),
  };
  try {
    const issuer = new URL(cfg.issuer);
    const config = await oidc.discovery(
      issuer,
      cfg.clientId,
      undefined,
      oidc.ClientSecretBasic(cfg.clientSecret),
      {
        // Plain http reaches the fetch only where the policy allows it (development and tests).
        execute:
          issuer.protocol === 'http:' && policy.allowLocal ? [oidc.allowInsecureRequests] : [],
        timeout: OUTBOUND_TIMEOUT_MS / 1000,
        [oidc.customFetch]: guardedFetch(policy),
      },
    );
    const meta = config.serverMetadata();
    const problem =
      endpointProblem(
        'authorization_endpoint',
        meta.authorization_endpoint,
        issuer,
        policy,
        true,
      ) ??
      (['token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const)
        .map((k) => endpointProblem(k, meta[k], issuer, policy, false))
        .find((p) => p !== null) ??
      null;
    if (problem) throw new OutboundRefused(`the provider's metadata: ${problem}`);
    return config;
  } catch (err) {
    throw badRequest(msg('msg.idpTokenError'), { ...context, err });
  }
}

async function configOf(db: Db, schoolId: string, provider: SsoProvider): Promise<SsoConfigRow> {
  const [cfg] = await db
    .select()
    .from(ssoConfigs)
    .where(and(eq(ssoConfigs.schoolId, schoolId), eq(ssoConfigs.provider, provider)))
    .limit(1);
  if (!cfg) throw badRequest(msg('msg.ssoNotConfigured'));
  // Kept encrypted (lib/secrets.ts); one that cannot be read is the provider step's failure.
  try {
    return { ...cfg, clientSecret: await openStored(db, cfg.clientSecret) };
  } catch (err) {
    throw badRequest(msg('msg.idpTokenError'), {
      step: 'client secret',
      provider: cfg.provider,
      schoolId: cfg.schoolId,
      err,
    });
  }
}

/**
 * GET auth/login/sso/state: a new single-use state for the school's client at the provider, and
 * the provider's authorization URL that carries it. `browser` is the cookie's value (new or kept).
 */
export async function createSsoState(
  db: Db,
  input: {
    provider: SsoProvider;
    school: string;
    browser: string;
    address: string;
    baseUrl: string;
  },
  policy: OutboundPolicy,
): Promise<SsoStateResponse> {
  await hit(db, [
    {
      key: `sso-state:address:${input.address}`,
      max: MAX_STATES_PER_ADDRESS,
      windowSeconds: 15 * 60,
    },
  ]);
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(sql`lower(${schools.externalId}) = lower(${input.school})`)
    .limit(1);
  if (!school) throw badRequest(msg('msg.ssoNotConfigured'));
  const cfg = await configOf(db, school.id, input.provider);
  const config = await discover(cfg, policy);
  const state = newToken();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  // The URL first: a provider whose metadata cannot make one leaves no state behind.
  let url: URL;
  try {
    url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUriFor(input.baseUrl, input.provider),
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
  } catch (err) {
    throw badRequest(msg('msg.idpTokenError'), {
      step: 'authorization URL',
      provider: cfg.provider,
      schoolId: cfg.schoolId,
      issuer: loggable(cfg.issuer),
      err,
    });
  }
  const [row] = await db
    .insert(ssoStates)
    .values({
      stateHash: hashToken(state),
      browserHash: hashToken(input.browser),
      schoolId: school.id,
      provider: input.provider,
      codeVerifier,
      nonce,
      expiresAt: sql`now() + make_interval(mins => ${SSO_STATE_MINUTES})`,
    })
    .returning({ expiresAt: ssoStates.expiresAt });
  return { state, authorizationUrl: url.href, expiresAt: row!.expiresAt.toISOString() };
}

/** The claim's value as the user's provider id (a string or a number), else null. */
const idOf = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

/**
 * POST auth/login/sso: uses the state once (from the browser it was given to, before it expires),
 * exchanges the code with its PKCE verifier, checks the id token (issuer, audience, nonce) and that
 * the provider's user info names the same user, then finds that user by external id in the school.
 * Returns the user to sign in.
 */
export async function completeSso(
  db: Db,
  input: {
    provider: SsoProvider;
    code: string;
    state: string;
    browser: string | undefined;
    baseUrl: string;
  },
  policy: OutboundPolicy,
): Promise<{ schoolId: string; userId: string }> {
  const [st] = await db
    .update(ssoStates)
    .set({ usedAt: sql`now()` })
    .where(and(eq(ssoStates.stateHash, hashToken(input.state)), sql`${ssoStates.usedAt} is null`))
    .returning({
      browserHash: ssoStates.browserHash,
      schoolId: ssoStates.schoolId,
      provider: ssoStates.provider,
      codeVerifier: ssoStates.codeVerifier,
      nonce: ssoStates.nonce,
      live: sql<boolean>`${ssoStates.expiresAt} > now()`,
    });
  if (
    !st ||
    !st.live ||
    st.provider !== input.provider ||
    !input.browser ||
    hashToken(input.browser) !== st.browserHash
  ) {
    throw badRequest(msg('msg.ssoStateInvalid'));
  }
  const cfg = await configOf(db, st.schoolId, input.provider);
  const config = await discover(cfg, policy);
  const context = { provider: cfg.provider, schoolId: cfg.schoolId, issuer: loggable(cfg.issuer) };

  const back = new URL(redirectUriFor(input.baseUrl, input.provider));
  back.searchParams.set('code', input.code);
  back.searchParams.set('state', input.state);
  // RFC 9207: the state names one school's one issuer, so the issuer it came back from is that one.
  if (config.serverMetadata().authorization_response_iss_parameter_supported)
    back.searchParams.set('iss', config.serverMetadata().issuer);

  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: st.codeVerifier,
      expectedState: input.state,
      expectedNonce: st.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw badRequest(msg('msg.idpTokenError'), { step: 'token', ...context, err });
  }
  const claims = tokens.claims();
  const providerId = idOf(claims?.[cfg.userIdClaim]);
  if (!claims || !providerId) throw badRequest(msg('msg.idpMismatch'));

  // The user info must be about the same user as the id token: same subject, same provider id.
  let info: oidc.UserInfoResponse;
  try {
    info = await oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck);
  } catch (err) {
    throw badRequest(msg('msg.idpTokenError'), { step: 'user info', ...context, err });
  }
  if (info.sub !== claims.sub) throw badRequest(msg('msg.idpMismatch'));
  const infoId = idOf(info[cfg.userIdClaim]);
  if (infoId !== null && infoId !== providerId) throw badRequest(msg('msg.idpMismatch'));

  // Who left the school is refused as an unknown user (docs/decisions/128-leavers-are-archived.md).
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.schoolId, st.schoolId), eq(users.externalId, providerId), isNull(users.leftAt)),
    )
    .limit(1);
  if (!user) throw forbidden(msg('msg.notRegistered'));
  return { schoolId: st.schoolId, userId: user.id };
}

/** The cookie header's value of one cookie. */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      const value = v.join('=');
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
