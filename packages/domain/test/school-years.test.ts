import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  nextYearClearOf,
  openingDue,
  openingRefusal as openingRefusalOf,
  promoteGrade,
  topGrade,
  yearLabel,
  schoolYearBody,
  yearOpeningBody,
  yearSpanRefusal as yearSpanRefusalOf,
  englishOf,
  type Message,
} from '../src/index.js';

/** The refusals read as their English text. */
const textOf = (m: Message | null) => m && englishOf(m);
const openingRefusal = (...a: Parameters<typeof openingRefusalOf>) =>
  textOf(openingRefusalOf(...a));
const yearSpanRefusal = (...a: Parameters<typeof yearSpanRefusalOf>) =>
  textOf(yearSpanRefusalOf(...a));

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

  it('refuses a year ending before it starts, too long, or giving outside it, naming the fields as the tab does', () => {
    expect(yearSpanRefusal(span)).toBeNull();
    expect(yearSpanRefusal({ ...span, yearEnd: '2027-08-01' })).toBe(
      'The last day must be after the first day',
    );
    expect(yearSpanRefusal({ ...span, yearEnd: '2028-12-31' })).toBe(
      'A school year lasts at most 400 days',
    );
    expect(yearSpanRefusal({ ...span, givingStart: '2027-07-31' })).toBe(
      'Giving must start within the school year',
    );
    expect(yearSpanRefusal({ ...span, yearStart: '2027-02-30' })).toBe(
      'The first day must be a date (YYYY-MM-DD)',
    );
    expect(yearSpanRefusal({ ...span, givingStart: 'soon' })).toBe(
      'The day giving starts must be a date (YYYY-MM-DD)',
    );
  });

  it('the calls’ checks name no field by its code name', () => {
    const messages = [
      schoolYearBody.safeParse({
        startDate: 'x',
        endDate: 'y',
        givingStartDate: 'z',
        balancePolicy: 'keep',
        balanceCap: -1,
      }),
      yearOpeningBody.safeParse({
        dryRun: true,
        startDate: 'x',
        endDate: '2028-06-30',
        givingStartDate: '2027-08-16',
        ordersPolicy: 'sell',
      }),
    ].flatMap((r) => r.error?.issues.map((i) => i.message) ?? []);
    expect(messages).toEqual([
      'The first day must be a date (YYYY-MM-DD)',
      'The last day must be a date (YYYY-MM-DD)',
      'The day giving starts must be a date (YYYY-MM-DD)',
      'The balance must be carried over, capped or reset',
      'The cap must be a whole number from 0 to 1,000,000',
      'The first day must be a date (YYYY-MM-DD)',
      'Pending orders must be kept or refunded',
    ]);
    for (const m of messages) expect(m).not.toMatch(/[a-z][A-Z]/);
  });

  it('the next year proposed never shares a day with the year that ended', () => {
    const pattern = { yearStart: '2027-08-01', yearEnd: '2028-06-30', givingStart: '2027-08-16' };
    // Ended in June: the pattern as it is.
    expect(nextYearClearOf({ yearEnd: '2027-06-30' }, pattern)).toEqual(pattern);
    // Ended in mid-August: the day after, giving as the pattern's.
    expect(nextYearClearOf({ yearEnd: '2027-08-10' }, pattern)).toEqual({
      ...pattern,
      yearStart: '2027-08-11',
    });
    // Ended after the pattern's giving start: giving from the first day.
    expect(nextYearClearOf({ yearEnd: '2027-09-03' }, pattern)).toEqual({
      yearStart: '2027-09-04',
      yearEnd: '2028-06-30',
      givingStart: '2027-09-04',
    });
    // Ended on the pattern's first day.
    expect(nextYearClearOf({ yearEnd: '2027-08-01' }, pattern).yearStart).toBe('2027-08-02');
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
