import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSchool, makeUser, PASSWORD, signIn } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('headers of a production server', () => {
  const ctx = useTestApp({ NODE_ENV: 'production' });
  let token: string;
  let username: string;

  beforeAll(async () => {
    const user = await makeUser(ctx.database.db, await makeSchool(ctx.database.db), ['TEACHER']);
    username = user.username;
    token = await signIn(ctx.app, user);
  });

  it("the Content-Security-Policy allows scripts from the site only, no 'unsafe-inline'", async () => {
    for (const url of ['/api/v1/status', '/some/page']) {
      const res = await call(ctx.app, 'GET', url);
      const scripts = directive(res.headers['content-security-policy'], 'script-src');
      expect(scripts, url).toBe("script-src 'self'");
    }
  });

  it('the web page has no inline script for that policy to block (source, and the build when present)', () => {
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
    const pages = [path.join(web, 'index.html'), path.join(web, 'dist/index.html')].filter((f) =>
      existsSync(f),
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const scripts = [
        ...readFileSync(page, 'utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi),
      ];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        // A JSON data block (the boot script's plan) is data the browser never runs.
        if (/\stype="application\/json"/.test(attrs!)) {
          expect(() => JSON.parse(body!), page).not.toThrow();
          continue;
        }
        expect(attrs, page).toMatch(/\ssrc=/);
        expect(body!.trim(), page).toBe('');
      }
      expect(readFileSync(page, 'utf8'), page).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
    }
  });

  it('sign-in answers are never cached: Cache-Control no-store on success and failure', async () => {
    const ok = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username, password: PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const bad = await call(ctx.app, 'POST', '/auth/login', {
      payload: { username, password: 'wrong' },
    });
    expect(bad.status).toBe(401);
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('every API answer carries Cache-Control no-store: signed-in reads, errors, public calls', async () => {
    for (const [method, url] of [
      ['GET', '/calendar'],
      ['POST', '/auth/me'],
      ['GET', '/school/houses'],
    ] as const) {
      const res = await call(ctx.app, method, url, { token });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/calendar', '/no-such-call', '/status', '/release']) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('the API docs page is not served in production, while the OpenAPI document is still built', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/static/index.html',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const doc = ctx.app.swagger() as { paths?: Record<string, unknown> };
    expect(Object.keys(doc.paths ?? {})).toContain('/api/v1/auth/login');
  });
});

describe.each([
  ['production with API_DOCS=true', { NODE_ENV: 'production', API_DOCS: 'true' }],
  ['development', { NODE_ENV: 'development' }],
  ['test', { NODE_ENV: 'test' }],
])('API docs in %s', (_name, env) => {
  const ctx = useTestApp(env);

  it('are served at /api/docs', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(JSON.parse(json.body).paths).toHaveProperty('/api/v1/auth/login');
  });
});

describe('API docs with API_DOCS=false', () => {
  const ctx = useTestApp({ NODE_ENV: 'development', API_DOCS: 'false' });

  it('are not served even in development', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
