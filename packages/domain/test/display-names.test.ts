import { describe, expect, it } from 'vitest';
import {
  contactBody,
  customActionInput,
  groupTypeBody,
  guardianInviteBody,
  hasHiddenCharacters,
  HIDDEN_CHARACTERS_PROBLEM,
  newSchoolBody,
  orderActionBody,
  productBody,
  schoolProfileBody,
  schoolTokenBody,
  setupBody,
} from '../src/index.js';
import { server as en } from '../src/i18n/en/server.js';
import { server as es } from '../src/i18n/es/server.js';

/* One rule for every name people read (issue 31, L5): names.ts `hasHiddenCharacters`. */

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('hasHiddenCharacters', () => {
  // One of each kind, and both ends of every range.
  const refused = [
    ...'\u0000\t\n\r\u000b\u001b\u001f\u007f\u0080\u0085\u009f\u200b\u200c\u200d\u200e\u200f',
    ...'\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2064\u2066\u2067\u2068\u2069\ufeff',
  ];
  it.each(refused.map((c) => [hex(c), c]))('refuses %s anywhere in a name', (_name, c) => {
    expect(hasHiddenCharacters(`${c}Lincoln`)).toBe(true);
    expect(hasHiddenCharacters(`Lin${c}coln`)).toBe(true);
    expect(hasHiddenCharacters(`Lincoln${c}`)).toBe(true);
  });

  it.each([
    'Lincoln Middle School',
    'José Núñez-O’Brien',
    'Zoë & Chloé',
    '⭐ Stars',
    'مدرسة لينكولن',
    '林肯中学',
    'Lincoln\u00a0School', // a no-break space is a space
    'Lincoln\u200aSchool', // so is a hair space
    'Lincoln\u2065School', // not one of the invisible operators
  ])('accepts %j', (name) => {
    expect(hasHiddenCharacters(name)).toBe(false);
  });

  it('refuses an emoji joined by U+200D (the zero-width joiner is one of them)', () => {
    expect(hasHiddenCharacters('👩\u200d🏫 Class')).toBe(true);
  });
});

const issue = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => r.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('the name fields of the request schemas', () => {
  const school = {
    name: 'Lincoln',
    code: 'LINCOLN',
    timeZone: 'America/Chicago',
    schoolType: 'Middle',
    storeModel: 'Pickup',
  };
  const owner = {
    firstName: 'Pat',
    lastName: 'Lee',
    email: 'pat@example.org',
    username: 'pat.lee',
    password: 'correct horse battery',
  };
  const guardian = {
    email: 'g@example.org',
    firstName: 'Gus',
    lastName: 'Lee',
    studentIds: ['6f1c2c39-8a4e-4d0f-9a53-5d3c8b1f2a10'],
  };
  const contact = {
    userName: 'Pat',
    userSchool: 'Lincoln',
    userEmail: 'pat@example.org',
    userRole: 'Teacher',
    userMessage: 'Line one\nline two', // a message may have lines
  };
  const cases: [string, { safeParse(v: unknown): never }, unknown, string][] = [
    ['school name', newSchoolBody as never, { ...school, name: 'Lin\r\ncoln' }, 'name'],
    [
      'profile currency',
      schoolProfileBody as never,
      { ...school, hasHouseSystem: false, canTeacherGiveAll: true, currencyName: 'Sta\u200brs' },
      'currencyName',
    ],
    [
      'district name',
      setupBody as never,
      { code: 'X', districtName: 'D\u202eX', school, owner },
      'districtName',
    ],
    [
      'setup school',
      setupBody as never,
      { code: 'X', school: { ...school, name: 'L\u2066x' }, owner },
      'school.name',
    ],
    [
      'owner',
      setupBody as never,
      { code: 'X', school, owner: { ...owner, lastName: 'L\tee' } },
      'owner.lastName',
    ],
    [
      'product',
      productBody as never,
      { name: 'Pen\u2060cil', category: 'Items', price: 1 },
      'name',
    ],
    [
      'custom action',
      customActionInput as never,
      { name: 'Kind\u200eness', category: 'Bonuses' },
      'name',
    ],
    [
      'group',
      groupTypeBody as never,
      { name: 'Tables', internalPeriodId: 'p', groups: [{ name: 'T\u00851', studentIds: [] }] },
      'groups.0.name',
    ],
    ['guardian', guardianInviteBody as never, { ...guardian, firstName: 'G\ufeffus' }, 'firstName'],
    [
      'token label',
      schoolTokenBody as never,
      { userId: guardian.studentIds[0], label: 'Kiosk\n2' },
      'label',
    ],
    [
      'location',
      orderActionBody as never,
      { action: 'PACKAGED', deliveryLocation: 'Room\u202a5' },
      'deliveryLocation',
    ],
    ['contact name', contactBody as never, { ...contact, userName: 'P\u200dat' }, 'userName'],
  ];
  it.each(cases)('%s: refused with the field', (_what, schema, value, path) => {
    expect(issue(schema.safeParse(value))).toContainEqual({
      path,
      message: HIDDEN_CHARACTERS_PROBLEM,
    });
  });

  it('clean names pass, and trimmed edges are not refused (what is stored is clean)', () => {
    expect(newSchoolBody.safeParse({ ...school, name: '  Escuela José Martí ⭐ ' }).success).toBe(
      true,
    );
    expect(newSchoolBody.safeParse({ ...school, name: 'Lincoln\n' }).data?.name).toBe('Lincoln');
    expect(contactBody.safeParse(contact).success).toBe(true);
  });

  it('the message is in both catalogues, with the field before it', () => {
    expect(en['msg.hiddenCharacters']).toBe(`{field}: ${HIDDEN_CHARACTERS_PROBLEM}`);
    expect(es['msg.hiddenCharacters']).toMatch(/^\{field\}: no debe contener/);
  });
});
