import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillPath, routeParams, EARLY_READ_MS, type EarlyAnswer } from './plan';
import { takeEarlyAnswer } from './take';
import { EARLY_PAGES } from './early-reads';
import { ROUTES } from '@app/domain';

const answer = (text: string): Promise<EarlyAnswer | null> =>
  Promise.resolve({ status: 200, text });

function early(entries: Record<string, Promise<EarlyAnswer | null>>, at = Date.now()) {
  globalThis.__earlyReads = {
    token: 'tok',
    at,
    path: '/',
    answers: new Map(Object.entries(entries)),
  };
}

beforeEach(() => {
  vi.stubGlobal('location', { pathname: '/' });
});
afterEach(() => {
  globalThis.__earlyReads = undefined;
  vi.unstubAllGlobals();
});

describe('the boot script’s routes', () => {
  it('reads a route’s parameters from a path, and fills a call’s path with them', () => {
    expect(routeParams('/class/:internalPeriodId', '/class/abc-1')).toEqual({
      internalPeriodId: 'abc-1',
    });
    expect(routeParams('/class/:internalPeriodId', '/class/abc-1/')).toEqual({
      internalPeriodId: 'abc-1',
    });
    expect(routeParams('/class/:internalPeriodId', '/classes')).toBeNull();
    expect(routeParams('/', '/')).toEqual({});
    expect(routeParams('/', '/store')).toBeNull();
    expect(fillPath('/api/v1/periods/:internalPeriodId', { internalPeriodId: 'abc-1' })).toBe(
      '/api/v1/periods/abc-1',
    );
  });

  it('names only routes of the specification, with reads whose parameters the route has', () => {
    const paths = ROUTES.map((r) => r.path as string);
    for (const page of EARLY_PAGES) {
      expect(paths).toContain(page.path);
      const names = [...page.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const read of page.reads)
        for (const [, name] of read.path.matchAll(/:(\w+)/g)) expect(names).toContain(name);
    }
  });
});

describe('takeEarlyAnswer', () => {
  it('gives the boot script’s answer to the same plain call once, under the same sign-in', async () => {
    early({ 'GET /api/v1/goal': answer('{"goal":null}') });
    expect(await takeEarlyAnswer('GET', '/api/v1/goal', {}, 'other')).toBeNull();
    expect(await takeEarlyAnswer('POST', '/api/v1/goal', {}, 'tok')).toBeNull();
    expect(await takeEarlyAnswer('GET', '/api/v1/goal', { query: { a: 1 } }, 'tok')).toBeNull();
    expect(await takeEarlyAnswer('GET', '/api/v1/goal', { query: {} }, 'tok')).toEqual({
      status: 200,
      text: '{"goal":null}',
    });
    // Once: the next read asks the server.
    expect(await takeEarlyAnswer('GET', '/api/v1/goal', {}, 'tok')).toBeNull();
  });

  it('takes a body-less POST (the session’s lookup) but not one that sends something', async () => {
    early({ 'POST /api/v1/auth/me': answer('{}') });
    expect(await takeEarlyAnswer('POST', '/api/v1/auth/me', { body: { a: 1 } }, 'tok')).toBeNull();
    expect(
      await takeEarlyAnswer(
        'POST',
        '/api/v1/auth/me',
        { headers: { 'Idempotency-Key': 'k' } },
        'tok',
      ),
    ).toBeNull();
    expect(await takeEarlyAnswer('POST', '/api/v1/auth/me', {}, 'tok')).not.toBeNull();
  });

  it('gives nothing once the first screen is past, or on another page', async () => {
    early({ 'GET /api/v1/goal': answer('{}') }, Date.now() - EARLY_READ_MS - 1);
    expect(await takeEarlyAnswer('GET', '/api/v1/goal', {}, 'tok')).toBeNull();
    early({ 'GET /api/v1/goal': answer('{}') });
    vi.stubGlobal('location', { pathname: '/store' });
    expect(await takeEarlyAnswer('GET', '/api/v1/goal', {}, 'tok')).toBeNull();
    vi.stubGlobal('location', { pathname: '/' });
    expect(await takeEarlyAnswer('GET', '/api/v1/goal', {}, 'tok')).not.toBeNull();
  });
});
