import { describe, expect, it } from 'vitest';
import { formatsFor } from './formats';

describe('formatsFor', () => {
  it('is one set per language, not one per call', () => {
    expect(formatsFor('en')).toBe(formatsFor('en'));
    expect(formatsFor('es')).not.toBe(formatsFor('en'));
  });

  it('formats a calendar day as that day in both languages, whatever the time zone', () => {
    const en = formatsFor('en');
    const es = formatsFor('es');
    expect(en.longDate('2026-11-25')).toBe('November 25, 2026');
    expect(es.longDate('2026-11-25')).toBe('25 de noviembre de 2026');
    expect(en.mediumDate('2026-11-25')).toBe('Nov 25, 2026');
    expect(en.month('2026-10')).toBe('October 2026');
    expect(es.month('2026-10-14')).toBe('octubre de 2026');
    expect(en.monthDay('2026-10-14')).toBe('Oct 14');
    expect(en.monthDay('2026-01-01')).toBe('Jan 1');
    expect(en.day('2026-11-25', { weekday: 'long' })).toBe('Wednesday');
    expect(en.day('2026-11-26', { weekday: 'long' })).toBe('Thursday');
  });

  it('keeps formats with different options apart', () => {
    const en = formatsFor('en');
    expect(en.day('2026-11-25', { weekday: 'short' })).toBe('Wed');
    expect(en.day('2026-11-25', { weekday: 'long' })).toBe('Wednesday');
    const instant = '2026-11-25T17:41:00Z';
    expect(en.dateTime(instant, 'America/Chicago')).toBe('Nov 25, 2026, 11:41 AM');
    expect(en.dateTime(instant, 'America/New_York')).toBe('Nov 25, 2026, 12:41 PM');
  });

  it('groups numbers by the language', () => {
    expect(formatsFor('en').number(12345)).toBe('12,345');
    expect(formatsFor('es').number(12345)).toBe('12.345');
  });
});
