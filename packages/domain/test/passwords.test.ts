import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, MIN_PASSWORD_LENGTH, passwordProblem } from '../src/index.js';

describe('passwordProblem', () => {
  it.each([
    ['', 'The password must be at least 8 characters'],
    ['short1', 'The password must be at least 8 characters'],
    ['password', 'This password is too common. Choose another.'],
    ['PassWord123', 'This password is too common. Choose another.'],
    ['qwertyuiop', 'This password is too common. Choose another.'],
    ['zzzzzzzzzz', 'This password is too common. Choose another.'],
    ['x'.repeat(201), 'The password must be at most 200 characters'],
    ['correct horse battery', null],
    ['Tr0ub4dor&3', null],
    ['a'.repeat(7) + 'b', null],
  ])('%j → %j', (pw, expected) => {
    expect(passwordProblem(pw)).toBe(expected);
  });

  it('the common list is lower case and every entry long enough is refused for being common', () => {
    for (const p of COMMON_PASSWORDS) {
      expect(p).toBe(p.toLowerCase());
      if (p.length >= MIN_PASSWORD_LENGTH)
        expect(passwordProblem(p)).toBe('This password is too common. Choose another.');
    }
  });
});
