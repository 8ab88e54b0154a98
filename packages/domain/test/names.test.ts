import { describe, expect, it } from 'vitest';
import { fullName, initials, matchesName, searchByName, shortName } from '../src/index.js';

describe('shortName: first initial and last name', () => {
  it.each([
    ['Jane', 'Smith', 'J. Smith'],
    ['jane', 'Smith', 'J. Smith'],
    ['  Jane ', ' Smith ', 'J. Smith'],
    ['Mary Ann', 'van der Berg', 'M. van der Berg'],
    ['', 'Smith', 'Smith'],
    ['Émile', 'Zola', 'É. Zola'],
    // A cashier code's account: its label, no last name (issue 35).
    ['Sam at the counter', '', 'Sam at the counter'],
  ])('%j %j → %j', (firstName, lastName, want) => {
    expect(shortName({ firstName, lastName })).toBe(want);
  });
});

describe('initials: both initials', () => {
  it.each([
    ['Jane', 'Smith', 'JS'],
    ['jane', 'smith', 'JS'],
    [' Jane', ' Smith', 'JS'],
    ['', 'Smith', 'S'],
    ['Jane', '', 'J'],
  ])('%j %j → %j', (firstName, lastName, want) => {
    expect(initials({ firstName, lastName })).toBe(want);
  });
});

describe('fullName', () => {
  it('joins first and last', () => {
    expect(fullName({ firstName: 'Jane', lastName: 'Smith' })).toBe('Jane Smith');
  });
});

describe('matchesName: start-with on first, last, "last, first", "first last"', () => {
  const john = { firstName: 'John', lastName: 'Smith' };

  it.each([
    ['', true],
    ['   ', true],
    ['j', true],
    ['jo', true],
    ['JOHN', true],
    ['s', true],
    ['Smi', true],
    ['smith', true],
    ['smith,', true],
    ['smith, j', true],
    ['Smith, John', true],
    ['john ', true],
    ['john s', true],
    ['John Smith', true],
    ['  john   smith  ', true],
    ['john\tsmith', true],
    ['ohn', false],
    ['mith', false],
    ['johnny', false],
    ['smith john', false],
    ['john, smith', false],
    ['john smithers', false],
    ['x', false],
  ])('%j → %s', (query, want) => {
    expect(matchesName(john, query)).toBe(want);
  });

  it('ignores stray spaces in the stored names', () => {
    expect(matchesName({ firstName: ' John ', lastName: ' Smith ' }, 'john smith')).toBe(true);
    expect(matchesName({ firstName: ' John ', lastName: ' Smith ' }, 'smith, john')).toBe(true);
  });

  it('searchByName keeps the matching people in order', () => {
    const people = [
      { firstName: 'John', lastName: 'Smith' },
      { firstName: 'Jane', lastName: 'Doe' },
      { firstName: 'Sam', lastName: 'Johnson' },
      { firstName: 'Alice', lastName: 'Jones' },
    ];
    expect(searchByName(people, 'jo').map((x) => x.lastName)).toEqual([
      'Smith',
      'Johnson',
      'Jones',
    ]);
    expect(searchByName(people, 'doe, j').map((x) => x.firstName)).toEqual(['Jane']);
    expect(searchByName(people, '')).toHaveLength(4);
  });
});
