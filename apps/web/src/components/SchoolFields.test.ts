import { describe, expect, it } from 'vitest';
import { emptySchool, proposedTimeZone } from './SchoolFields';

const browser = () => 'Europe/Madrid';

describe('the time zone proposed for a new school', () => {
  it('is the browser’s while the district has no school (/setup)', () => {
    expect(proposedTimeZone([], browser)).toBe('Europe/Madrid');
  });

  it('is the one most of the district’s schools keep, the first listed among equals', () => {
    expect(proposedTimeZone(['America/Chicago'], browser)).toBe('America/Chicago');
    expect(
      proposedTimeZone(['America/Denver', 'America/Chicago', 'America/Chicago'], browser),
    ).toBe('America/Chicago');
    expect(proposedTimeZone(['America/Denver', 'America/Chicago'], browser)).toBe('America/Denver');
  });

  it('fills the new school’s form', () => {
    expect(emptySchool('America/Los_Angeles').timeZone).toBe('America/Los_Angeles');
    expect(emptySchool().timeZone).toBe(proposedTimeZone([]));
  });
});
