import { describe, expect, it } from 'vitest';
import {
  cutOffPassed,
  deliveryMode,
  gradeMatches,
  nextDeliveryDate,
  normalizeGrade,
  type DeliveryDateEntry,
} from '../src/index.js';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';

/** A school's dates: two for everyone, one for grades 6 and 7, one for Kindergarten. */
const DATES: DeliveryDateEntry[] = [
  { _id: 'mar-10', date: '2026-03-10', cutOffDate: '2026-03-06', gradeLevels: [] },
  { _id: 'mar-04', date: '2026-03-04', cutOffDate: '2026-03-02', gradeLevels: ['6', '07'] },
  { _id: 'mar-03', date: '2026-03-03', cutOffDate: '2026-02-27', gradeLevels: ['Kindergarten'] },
  { _id: 'mar-17', date: '2026-03-17', cutOffDate: '2026-03-13', gradeLevels: [] },
];

/**
 * [when, time zone, grade, store model, expected _id]. Instants are UTC; the cut-off day runs to
 * its end in the school's time zone (Los Angeles is UTC-8 in early March 2026, New York UTC-5).
 */
const TABLE: [string, string, string | null, string, string | null][] = [
  // Delivery (cut-off) mode
  ['2026-03-01T12:00:00Z', LA, '6', 'Delivery', 'mar-04'],
  ['2026-03-01T12:00:00Z', LA, '7', 'Delivery', 'mar-04'], // '07' in the list matches '7'
  ['2026-03-01T12:00:00Z', LA, '8', 'Delivery', 'mar-10'], // grade restricted away
  ['2026-03-01T12:00:00Z', LA, null, 'Delivery', 'mar-10'], // no grade: only unrestricted dates
  ['2026-02-27T12:00:00Z', LA, 'kindergarten', 'Delivery', 'mar-03'],
  // The cut-off day counts until its end in Los Angeles: 23:59 local on March 2 is 07:59Z on March 3.
  ['2026-03-03T07:59:00Z', LA, '6', 'Delivery', 'mar-04'],
  ['2026-03-03T08:00:00Z', LA, '6', 'Delivery', 'mar-10'],
  // The same instants in New York are already March 3 there.
  ['2026-03-03T04:59:00Z', NY, '6', 'Delivery', 'mar-04'],
  ['2026-03-03T05:00:00Z', NY, '6', 'Delivery', 'mar-10'],
  ['2026-03-03T07:59:00Z', NY, '6', 'Delivery', 'mar-10'],
  // Past every cut-off but the last, then past all.
  ['2026-03-10T12:00:00Z', LA, '6', 'Delivery', 'mar-17'],
  ['2026-03-14T08:00:00Z', LA, '6', 'Delivery', null],
  // Pickup mode: a date counts while it is today or later, whatever its cut-off.
  ['2026-03-04T12:00:00Z', LA, '6', 'Pickup', 'mar-04'],
  ['2026-03-05T07:59:00Z', LA, '6', 'Pickup', 'mar-04'],
  ['2026-03-05T08:00:00Z', LA, '6', 'Pickup', 'mar-10'],
  ['2026-03-08T12:00:00Z', LA, null, 'Pickup', 'mar-10'],
  ['2026-03-17T20:00:00Z', LA, '9', 'Pickup', 'mar-17'],
  ['2026-03-18T12:00:00Z', LA, '9', 'Pickup', null],
];

describe('nextDeliveryDate', () => {
  it.each(TABLE)(
    'at %s in %s, grade %s, %s → %s',
    (now, timeZone, gradeLevel, storeModel, expected) => {
      expect(
        nextDeliveryDate(DATES, { now: new Date(now), timeZone, gradeLevel, storeModel })?._id ??
          null,
      ).toBe(expected);
    },
  );

  it('no dates, no delivery date', () => {
    expect(
      nextDeliveryDate([], {
        now: new Date(),
        timeZone: LA,
        gradeLevel: '6',
        storeModel: 'Delivery',
      }),
    ).toBeNull();
  });

  it('on one date, the earlier cut-off first, whatever the list order', () => {
    const same = [
      { _id: 'b', date: '2026-05-01', cutOffDate: '2026-04-29', gradeLevels: [] },
      { _id: 'a', date: '2026-05-01', cutOffDate: '2026-04-28', gradeLevels: [] },
    ];
    expect(
      nextDeliveryDate(same, {
        now: new Date('2026-04-20T12:00:00Z'),
        timeZone: LA,
        gradeLevel: null,
        storeModel: 'Delivery',
      })?._id,
    ).toBe('a');
  });
});

describe('delivery helpers', () => {
  it.each([
    ['2026-03-02', '2026-03-02', false],
    ['2026-03-02', '2026-03-03', true],
    ['2026-03-02', '2026-03-01', false],
  ])('cut-off %s on %s passed: %s', (cutOff, today, passed) => {
    expect(cutOffPassed(cutOff, today)).toBe(passed);
  });

  it.each([
    [[], null, true],
    [[], '6', true],
    [['6'], null, false],
    [['6'], '06', true],
    [['Kindergarten'], 'KINDERGARTEN', true],
    [['6', '7'], '8', false],
  ] as [string[], string | null, boolean][])('grades %j serve %s: %s', (levels, grade, ok) => {
    expect(gradeMatches(levels, grade)).toBe(ok);
  });

  it('normalizes grades and picks the mode from the store model', () => {
    expect(normalizeGrade(' 05 ')).toBe('5');
    expect(normalizeGrade('Prekindergarten')).toBe('prekindergarten');
    expect(deliveryMode('Pickup')).toBe('date');
    expect(deliveryMode('Delivery')).toBe('cutOff');
  });
});
