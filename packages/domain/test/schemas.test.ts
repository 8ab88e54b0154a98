import { describe, expect, it } from 'vitest';
import {
  configurationBody,
  containsNul,
  contactBody,
  coTeachersBody,
  loginBody,
} from '../src/index.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('containsNul', () => {
  it.each([
    ['plain', false],
    ['a\u0000b', true],
    ['\\u0000 as text', false],
    [['x', 'y'], false],
    [['x', 'y\u0000'], true],
    [{ a: { b: ['c'] } }, false],
    [{ a: { b: ['c\u0000'] } }, true],
    [{ 'k\u0000': 1 }, true],
    [null, false],
    [undefined, false],
    [42, false],
  ])('%j → %s', (value, want) => {
    expect(containsNul(value)).toBe(want);
  });
});

describe('request schemas refuse NUL characters (PostgreSQL cannot store them)', () => {
  const contact = {
    userName: 'a',
    userSchool: 'b',
    userEmail: 'a@b.co',
    userRole: 'r',
    userMessage: 'm',
  };
  it.each([
    [loginBody, { username: 'a\u0000', password: 'x' }, 'username contains an invalid character'],
    [contactBody, { ...contact, userName: 'a\u0000' }, 'userName contains an invalid character'],
    [configurationBody, { key: 'k\u0000' }, 'key contains an invalid character'],
    [configurationBody, { key: 'k', value: '\u0000' }, 'value contains an invalid character'],
    [
      configurationBody,
      { key: 'k', valueObject: [{ x: '\u0000' }] },
      'valueObject contains an invalid character',
    ],
    [coTeachersBody, { coTeachers: ['\u0000'] }, 'coTeachers contains an invalid character'],
  ])('%#: %j', (schema, body, message) => {
    expect(firstMessage(schema.safeParse(body))).toBe(message);
  });

  it('accepts clean input', () => {
    expect(contactBody.safeParse(contact).success).toBe(true);
    expect(
      configurationBody.safeParse({ key: 'k', value: null, valueObject: { a: [1, 'b'] } }).success,
    ).toBe(true);
    expect(coTeachersBody.safeParse({ coTeachers: [] }).success).toBe(true);
  });
});
