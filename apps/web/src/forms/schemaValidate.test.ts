import { contactBody, loginBody } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { schemaValidate } from './schemaValidate';

describe('schemaValidate', () => {
  const contact = schemaValidate(contactBody, {
    userName: 'Name',
    userSchool: 'School',
    userEmail: 'Email',
    userRole: 'Role',
    userMessage: 'Message',
  });

  it('has no errors for valid values', () => {
    expect(
      contact({
        userName: 'Ann',
        userSchool: 'Demo',
        userEmail: 'ann@example.com',
        userRole: 'Teacher',
        userMessage: 'Hi',
      }),
    ).toEqual({});
  });

  it("gives each failing field one message, named by the form's label", () => {
    const errors = contact({
      userName: 'Ann',
      userSchool: 'Demo',
      userEmail: 'not an email',
      userRole: '',
      userMessage: '',
    });
    expect(Object.keys(errors).sort()).toEqual(['userEmail', 'userMessage', 'userRole']);
    expect(errors.userEmail).toMatch(/^Email /);
    expect(errors.userRole).toMatch(/^Role /);
    expect(Object.values(errors).join(' ')).not.toMatch(/user[A-Z]/);
  });

  it('works for the login form', () => {
    const login = schemaValidate(loginBody, { username: 'Username', password: 'Password' });
    expect(login({ username: '', password: '' })).toEqual({
      username: expect.stringMatching(/^Username/),
      password: expect.stringMatching(/^Password/),
    });
  });
});
