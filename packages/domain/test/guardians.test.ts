import { describe, expect, it } from 'vitest';
import {
  digestWeek,
  emailLinkUseBody,
  guardianInviteBody,
  unsubscribeQuery,
} from '../src/index.js';

describe('guardians (docs/decisions/115-guardians.md)', () => {
  it('the digest covers the seven days before the day it is sent', () => {
    expect(digestWeek('2026-11-30')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(digestWeek('2027-01-04')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });

  it('an invitation names an address, a name and one to twenty students', () => {
    const ok = {
      email: 'parent@example.org',
      firstName: 'Pat',
      lastName: 'Lee',
      studentIds: ['0adb9e9b-153f-444a-be3e-fbd2e502b37b'],
    };
    expect(guardianInviteBody.safeParse(ok).success).toBe(true);
    expect(guardianInviteBody.safeParse({ ...ok, studentIds: [] }).success).toBe(false);
    expect(guardianInviteBody.safeParse({ ...ok, email: 'nope' }).success).toBe(false);
    expect(guardianInviteBody.safeParse({ ...ok, language: 'fr' }).success).toBe(false);
    expect(
      guardianInviteBody.safeParse({ ...ok, studentIds: Array(21).fill(ok.studentIds[0]) }).success,
    ).toBe(false);
  });

  it('tokens: a sign-in link is base64url; an unsubscribe token names its school first', () => {
    expect(emailLinkUseBody.safeParse({ token: 'abc_DEF-123' }).success).toBe(true);
    expect(emailLinkUseBody.safeParse({ token: 'a b' }).success).toBe(false);
    const school = '0adb9e9b-153f-444a-be3e-fbd2e502b37b';
    expect(unsubscribeQuery.safeParse({ token: `${school}.abc_DEF-1` }).success).toBe(true);
    expect(unsubscribeQuery.safeParse({ token: 'abc_DEF-1' }).success).toBe(false);
  });
});
