import { describe, expect, it } from 'vitest';
import { compareGrades, gradeLabel, isElementaryGrade, ordinal } from '../src/index.js';

describe('isElementaryGrade: Prekindergarten, Kindergarten, 1 to 5 with or without a leading zero', () => {
  it.each([
    ['Prekindergarten', true],
    ['prekindergarten', true],
    ['Kindergarten', true],
    ['KINDERGARTEN', true],
    ...['1', '2', '3', '4', '5', '01', '02', '03', '04', '05'].map(
      (g) => [g, true] as [string, boolean],
    ),
    [' 3 ', true],
    ['6', false],
    ['06', false],
    ['0', false],
    ['00', false],
    ['7', false],
    ['10', false],
    ['11', false],
    ['12', false],
    ['15', false],
    ['001', false],
    ['1st', false],
    ['', false],
  ])('%j → %s', (grade, want) => {
    expect(isElementaryGrade(grade)).toBe(want);
  });

  it.each([null, undefined])('%s → false', (grade) => {
    expect(isElementaryGrade(grade)).toBe(false);
  });
});

describe('gradeLabel: an ordinal plus "Grade"', () => {
  it.each([
    ['1', '1st Grade'],
    ['2', '2nd Grade'],
    ['3', '3rd Grade'],
    ['4', '4th Grade'],
    ['6', '6th Grade'],
    ['06', '6th Grade'],
    ['11', '11th Grade'],
    ['12', '12th Grade'],
    ['Kindergarten', 'Kindergarten'],
    ['Prekindergarten', 'Prekindergarten'],
  ])('%j → %j', (grade, label) => {
    expect(gradeLabel(grade)).toBe(label);
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [111, '111th'],
    [112, '112th'],
  ])('ordinal(%i) → %s', (n, want) => {
    expect(ordinal(n)).toBe(want);
  });
});

describe('compareGrades', () => {
  it('Prekindergarten, Kindergarten, then numerically, then named grades', () => {
    const grades = ['10', 'Kindergarten', '2', 'Ungraded', 'Prekindergarten', '1', '12', '09', '6'];
    expect([...grades].sort(compareGrades)).toEqual([
      'Prekindergarten',
      'Kindergarten',
      '1',
      '2',
      '6',
      '09',
      '10',
      '12',
      'Ungraded',
    ]);
  });

  it.each([
    ['1', '2', -1],
    ['2', '10', -1],
    ['Kindergarten', '1', -1],
    ['Prekindergarten', 'Kindergarten', -1],
    ['6', '6', 0],
  ])('%s vs %s has sign %i', (a, b, sign) => {
    expect(Math.sign(compareGrades(a, b))).toBe(sign);
    expect(Math.sign(compareGrades(b, a))).toBe(-sign || 0);
  });
});
