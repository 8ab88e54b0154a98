import { describe, expect, it } from 'vitest';
import { decideAccess } from './decideAccess';

const school = {
  hasHouseSystem: false,
  isHouseSystemConfigured: false,
  storeModel: 'Delivery',
  schoolType: 'Middle',
};
const signedIn = (...roles: string[]) => ({
  status: 'authenticated' as const,
  user: { roles, periodCount: 0, school },
});
const out = { status: 'unauthenticated' as const };

describe('decideAccess', () => {
  it('shows not-found for unknown paths, whoever asks', () => {
    expect(decideAccess({ pathname: '/nope', session: out, devMode: false })).toBe('not-found');
    expect(decideAccess({ pathname: '/class', session: signedIn('TEACHER'), devMode: false })).toBe(
      'not-found',
    );
  });

  it('waits for the session before deciding', () => {
    expect(
      decideAccess({ pathname: '/classes', session: { status: 'loading' }, devMode: false }),
    ).toBe('loading');
  });

  it('opens public pages to visitors and sends them to /login elsewhere', () => {
    for (const p of [
      '/',
      '/login',
      '/login/product',
      '/login/clever',
      '/status',
      '/contact',
      '/forgot-password',
    ])
      expect(decideAccess({ pathname: p, session: out, devMode: false })).toBe('render');
    expect(decideAccess({ pathname: '/profile', session: out, devMode: false })).toBe('to-login');
  });

  it('sends a signed-in user on a path not allowed for their roles home', () => {
    expect(
      decideAccess({ pathname: '/classes', session: signedIn('STUDENT'), devMode: false }),
    ).toBe('to-home');
    expect(
      decideAccess({ pathname: '/class/abc', session: signedIn('TEACHER'), devMode: false }),
    ).toBe('render');
    expect(
      decideAccess({ pathname: '/dashboard', session: signedIn('TEACHER'), devMode: false }),
    ).toBe('to-home');
    expect(
      decideAccess({ pathname: '/orders', session: signedIn('STORE_MANAGER'), devMode: false }),
    ).toBe('render');
  });

  it('opens /dev only in development mode, after GET status answers', () => {
    expect(
      decideAccess({ pathname: '/dev', session: signedIn('TEACHER'), devMode: undefined }),
    ).toBe('loading');
    expect(decideAccess({ pathname: '/dev', session: signedIn('TEACHER'), devMode: false })).toBe(
      'to-home',
    );
    expect(decideAccess({ pathname: '/dev', session: signedIn('TEACHER'), devMode: true })).toBe(
      'render',
    );
  });
});
