import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  earlyKey,
  fillPath,
  keptValues,
  routeParams,
  withKeptValue,
  EARLY_READ_MS,
  type EarlyAnswer,
} from './plan';
import { takeEarlyAnswer } from './take';
import { DERIVED_FROM, EARLY_PAGES, SESSION_READ } from './early-reads';
import { DERIVED } from './derived';
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
      for (const read of page.reads) {
        for (const [, name] of read.path.matchAll(/:(\w+)/g)) expect(names).toContain(name);
        for (const value of Object.values(read.query ?? {}))
          if (value.startsWith(':')) expect(names).toContain(value.slice(1));
      }
    }
  });

  it('reads a derived value from the session or from a read its page sends without waiting', () => {
    for (const page of EARLY_PAGES)
      for (const read of page.reads)
        for (const value of Object.values(read.query ?? {})) {
          if (!value.startsWith('=')) continue;
          const from = DERIVED_FROM[value.slice(1) as keyof typeof DERIVED];
          const plain = page.reads.filter((r) =>
            Object.values(r.query ?? {}).every((v) => v.startsWith(':')),
          );
          expect([SESSION_READ, ...plain].map((c) => earlyKey(c.method, c.path))).toContain(
            earlyKey(from.method, from.path),
          );
        }
  });
});

describe('derived query values', () => {
  const calendar = (today: string, holidays: string[] = []) => ({
    start: '2026-08-17',
    end: '2027-06-04',
    givingStartDate: '2026-08-17',
    holidays: holidays.map((date) => ({ date, name: 'Holiday' })),
    today,
    schoolDays: true,
  });

  it('the class page’s day is the latest school day up to today', () => {
    expect(DERIVED.giveDay(calendar('2026-12-02'))).toBe('2026-12-02');
    // Saturday 5 December: Friday; a holiday Friday: Thursday.
    expect(DERIVED.giveDay(calendar('2026-12-05'))).toBe('2026-12-04');
    expect(DERIVED.giveDay(calendar('2026-12-05', ['2026-12-04']))).toBe('2026-12-03');
  });

  it('the giver’s ratio window is the school’s, else the default', () => {
    expect(DERIVED.coachingWindow({ school: { pbisRatioWindow: 'this-month' } })).toBe(
      'this-month',
    );
    expect(DERIVED.coachingWindow({ school: { pbisRatioWindow: 'forever' } })).toBe('this-week');
    expect(DERIVED.coachingWindow(null)).toBe('this-week');
  });
});

describe('derived values kept for the day', () => {
  const monday = 'Mon Dec 07 2026';
  it('are the same sign-in’s, of the same day, else none', () => {
    let text = withKeptValue(null, 'u1', monday, 'giveDay', '2026-12-07');
    text = withKeptValue(text, 'u1', monday, 'coachingWindow', 'this-week');
    expect(keptValues(text, 'u1', monday)).toEqual({
      giveDay: '2026-12-07',
      coachingWindow: 'this-week',
    });
    // Another sign-in on the device, or the next day: nothing to send at once.
    expect(keptValues(text, 'u2', monday)).toEqual({});
    expect(keptValues(text, 'u1', 'Tue Dec 08 2026')).toEqual({});
    // A new day's value starts the day's list afresh.
    expect(
      keptValues(
        withKeptValue(text, 'u1', 'Tue Dec 08 2026', 'giveDay', '2026-12-08'),
        'u1',
        'Tue Dec 08 2026',
      ),
    ).toEqual({ giveDay: '2026-12-08' });
  });

  it('are none when what is stored is not theirs to read', () => {
    for (const text of [
      null,
      '',
      'not json',
      'null',
      '[]',
      '{"userId":"u1","day":"Mon Dec 07 2026"}',
    ])
      expect(keptValues(text, 'u1', monday)).toEqual({});
    expect(
      keptValues(
        JSON.stringify({ userId: 'u1', day: monday, values: { giveDay: 5, coachingWindow: 'x' } }),
        'u1',
        monday,
      ),
    ).toEqual({ coachingWindow: 'x' });
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

  it('gives an answer sent with a query to the call with that very query', async () => {
    const path = '/api/v1/activity/class-stats/p1';
    early({ [earlyKey('GET', path, { date: '2026-12-04' })]: answer('{"students":[]}') });
    expect(await takeEarlyAnswer('GET', path, {}, 'tok')).toBeNull();
    expect(await takeEarlyAnswer('GET', path, { query: { date: '2026-12-03' } }, 'tok')).toBeNull();
    expect(
      await takeEarlyAnswer(
        'GET',
        path,
        { query: { date: '2026-12-04', other: undefined } },
        'tok',
      ),
    ).toEqual({ status: 200, text: '{"students":[]}' });
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
