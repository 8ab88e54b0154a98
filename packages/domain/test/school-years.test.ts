import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  openingDue,
  openingRefusal,
  promoteGrade,
  topGrade,
  yearLabel,
  yearSpanRefusal,
} from '../src/index.js';

describe('promoteGrade: one grade up, the top grade of the school type leaves', () => {
  it.each([
    ['Prekindergarten', 'Elementary', 'Kindergarten', false],
    ['Kindergarten', 'Elementary', '1', false],
    ['1', 'Elementary', '2', false],
    ['04', 'Elementary', '05', false],
    ['5', 'Elementary', '5', true],
    ['05', 'Elementary School', '05', true],
    ['6', 'Middle', '7', false],
    ['8', 'Middle', '8', true],
    ['8', 'High', '9', false],
    ['09', '', '10', false],
    ['12', 'High', '12', true],
    ['12', '', '12', true],
  ])('%s in a %s school → %s (leaves: %s)', (grade, type, next, leaves) => {
    expect(promoteGrade(grade, type)).toEqual({ grade: next, leaves });
  });

  it('a grade that is no level stays and does not leave', () => {
    expect(promoteGrade(null, 'High')).toEqual({ grade: null, leaves: false });
    expect(promoteGrade('Ungraded', 'High')).toEqual({ grade: 'Ungraded', leaves: false });
    expect(promoteGrade('', 'High')).toEqual({ grade: '', leaves: false });
  });

  it('the top grade follows the school type', () => {
    expect([topGrade('Elementary'), topGrade('middle school'), topGrade('High')]).toEqual([
      5, 8, 12,
    ]);
  });
});

describe('balanceAfter: carry, cap or reset', () => {
  it.each([
    [250, 'carry', 100, 250],
    [-20, 'carry', 100, -20],
    [250, 'cap', 100, 100],
    [80, 'cap', 100, 80],
    [-20, 'cap', 100, -20],
    [250, 'reset', 100, 0],
    [-20, 'reset', 100, 0],
  ] as const)('%i with %s (cap %i) → %i', (balance, policy, cap, after) => {
    expect(balanceAfter(balance, policy, cap)).toBe(after);
  });
});

describe('year dates', () => {
  const span = { yearStart: '2027-08-01', yearEnd: '2028-06-30', givingStart: '2027-08-16' };
  it('labels a year by its two calendar years', () => {
    expect(yearLabel(span)).toBe('2027-28');
    expect(yearLabel({ yearStart: '2027-01-10', yearEnd: '2027-12-15' })).toBe('2027');
  });

  it('refuses a year ending before it starts, too long, or giving outside it', () => {
    expect(yearSpanRefusal(span)).toBeNull();
    expect(yearSpanRefusal({ ...span, yearEnd: '2027-08-01' })).toBe(
      'endDate must be after startDate',
    );
    expect(yearSpanRefusal({ ...span, yearEnd: '2028-12-31' })).toBe(
      'A school year lasts at most 400 days',
    );
    expect(yearSpanRefusal({ ...span, givingStart: '2027-07-31' })).toBe(
      'givingStartDate must be within the school year',
    );
    expect(yearSpanRefusal({ ...span, yearStart: '2027-02-30' })).toBe(
      'startDate must be a date (YYYY-MM-DD)',
    );
  });

  it('the banner is due a month before the last day, until the next year is open', () => {
    expect(openingDue('2027-06-30', '2027-05-30', false)).toBe(false);
    expect(openingDue('2027-06-30', '2027-05-31', false)).toBe(true);
    expect(openingDue('2027-06-30', '2027-07-15', false)).toBe(true);
    expect(openingDue('2027-06-30', '2027-07-15', true)).toBe(false);
  });

  it('the next year opens only after the last day', () => {
    expect(openingRefusal('2027-06-30', '2027-06-30')).toBe(
      'The next school year can be opened after this one ends on June 30, 2027',
    );
    expect(openingRefusal('2027-06-30', '2027-07-01')).toBeNull();
  });
});
