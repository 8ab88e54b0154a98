import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error oidc-provider ships no types
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback for the SSO tests: one client,
 * PKCE required, accounts kept in a map. Its interaction page is a one-field form ("who signs in")
 * that a browser fills in and `authorize()` posts; the sign-in grants the requested scopes at once.
 */
interface TestAccount {
  /** Claims for both the id token and the user info (besides `sub`, the account id). */
  claims?: Record<string, unknown>;
  /** Claims the user info answers differently (a provider that contradicts itself). */
  userinfo?: Record<string, unknown>;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** Follows an authorization URL as a browser would, signing in as `accountId`: the redirect back, with code and state. */
  authorize(authorizationUrl: string, accountId: string): Promise<URL>;
  stop(): Promise<void>;
}

export async function startOidcProvider(opts: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  port?: number;
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  const clientId = opts.clientId ?? 'merit-test-client';
  const clientSecret = opts.clientSecret ?? 'merit-test-secret-0123456789abcdef';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name', 'external_id'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ['merit-test-cookie-key'] },
    findAccount: async (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async (use: string) => ({
          sub: id,
          ...account.claims,
          ...(use === 'userinfo' ? account.userinfo : {}),
        }),
      };
    },
  });
  provider.on('server_error', () => {}); // expected in the "code used twice" case; keep the test output quiet
  const callback = provider.callback();

  server.on('request', async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!m) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body><main><h1>Test identity provider</h1>` +
            `<form method="post" action="/interaction/${m[1]}"><label for="login">User id</label> <input id="login" name="login" autofocus> ` +
            `<button type="submit">Sign in</button></form></main></body></html>`,
        );
        return;
      }
      let body = '';
      for await (const chunk of req) body += chunk;
      const accountId = new URLSearchParams(body).get('login') ?? '';
      const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (err) {
      res.statusCode = 400;
      res.end(String(err));
    }
  });

  async function authorize(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let method = 'GET';
    let body: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        body,
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      });
      for (const c of res.headers.getSetCookie()) {
        const [kv] = c.split(';');
        const [k, ...v] = kv!.split('=');
        jar.set(k!.trim(), v.join('='));
      }
      await res.body?.cancel();
      if (res.status === 200 && /\/interaction\//.test(url)) {
        method = 'POST';
        body = new URLSearchParams({ login: accountId }).toString();
        continue;
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${url} with ${res.status}`);
      const next = new URL(location, url);
      if (next.origin !== issuer) return next; // back at the client's redirect URI
      url = next.href;
      method = 'GET';
      body = undefined;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A plain server on loopback that records every request; with `metadata`, it answers discovery with it. */
export interface TestListener {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  port: number;
  /** Every request it received: method and path. */
  requests: string[];
  stop(): Promise<void>;
}

export async function startListener(
  metadata?: (origin: string) => Record<string, unknown>,
): Promise<TestListener> {
  const requests: string[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    if (metadata && req.url === '/.well-known/openid-configuration')
      return res.end(JSON.stringify(metadata(origin)));
    res.statusCode = metadata ? 404 : 200;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requests,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Discovery metadata of a provider at `issuer` with all its endpoints there; `over` changes some. */
export const metadataAt = (
  issuer: string,
  over: Record<string, unknown> = {},
): Record<string, unknown> => ({
  issuer,
  authorization_endpoint: `${issuer}/auth`,
  token_endpoint: `${issuer}/token`,
  userinfo_endpoint: `${issuer}/me`,
  jwks_uri: `${issuer}/jwks`,
  response_types_supported: ['code'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  code_challenge_methods_supported: ['S256'],
  ...over,
});
