/**
 * The installable, offline-first web app's files (issue 35) as the server serves them from the
 * web build: the service worker and the web manifest are never kept by a cache without asking,
 * so a new release's worker reaches every browser at once.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Merit Market' }));
writeFileSync(path.join(dist, 'icon-192.png'), Buffer.from([137, 80, 78, 71]));
// A built chunk and the brotli copy the build writes beside it (apps/web/vite.config.ts).
const CHUNK = `export const words = ${JSON.stringify('hello '.repeat(400))};`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets/index-AbC123.js'), CHUNK);
writeFileSync(path.join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(CHUNK));

describe('the offline app’s files', () => {
  const ctx = useTestApp({ NODE_ENV: 'production', WEB_DIST: dist });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves the service worker and the manifest with Cache-Control no-cache', async () => {
    const sw = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body)).toEqual({ name: 'Merit Market' });
  });

  it('sends a built chunk compressed to a browser that accepts it, kept for a year without asking', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);
    expect(br.rawPayload.length).toBeLessThan(CHUNK.length / 10);
    // No compression asked for: the file itself.
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
    // A chunk that is not there (a deploy removed it) is a 404, not the app's page kept for a year.
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/index-Gone99.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>app</title>');
    expect(String(missing.headers['cache-control'])).not.toMatch(/immutable/);
  });

  it('leaves the other files as they were, and an app page is still the app', async () => {
    const icon = await ctx.app.inject({ method: 'GET', url: '/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).not.toBe('no-cache');
    const page = await ctx.app.inject({ method: 'GET', url: '/scan' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
  });
});
