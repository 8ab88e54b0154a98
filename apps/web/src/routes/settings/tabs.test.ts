import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api';
import { SETTINGS_TABS, settingsTabsFor } from './tabs';

const user = (roles: string[], hasHouseSystem = true): SessionUser => ({
  _id: 'u1',
  externalId: 'e1',
  username: 'u',
  firstName: 'A',
  lastName: 'B',
  roles,
  gradeLevel: null,
  house: null,
  periodCount: 0,
  pbisCoordinator: false,
  school: {
    _id: 's1',
    externalId: 'S',
    name: 'School',
    timeZone: 'America/Los_Angeles',
    teacherToolboxLink: null,
    hasHouseSystem,
    isHouseSystemConfigured: hasHouseSystem,
    storeModel: 'Pickup',
    schoolType: 'Middle',
    canTeacherGiveAll: true,
    canNonAdminCreateCustomActions: true,
    currencyName: 'Merits',
    currencyNameOne: 'Merit',
    currencyNameEs: 'Méritos',
    currencyNameOneEs: 'Mérito',
    pbisTargetRatio: 4,
    pbisRatioWindow: 'this-week',
    pbisRecognitionDays: 10,
  },
  language: null,
});

const ids = (u: SessionUser) => settingsTabsFor(u, null).visible.map((t) => t.id);

describe('settings tabs', () => {
  it('ids are unique (they are the ?tab= values)', () => {
    expect(new Set(SETTINGS_TABS.map((t) => t.id)).size).toBe(SETTINGS_TABS.length);
  });

  it.each([
    [
      ['SCHOOL_ADMIN'],
      true,
      [
        'school',
        'users',
        'house',
        'advanced',
        'store',
        'school-year',
        'sso',
        'tokens',
        'invitations',
        'roster',
        'data',
        'guardians',
      ],
    ],
    [
      ['SCHOOL_ADMIN'],
      false,
      [
        'school',
        'users',
        'advanced',
        'store',
        'school-year',
        'sso',
        'tokens',
        'invitations',
        'roster',
        'data',
        'guardians',
      ],
    ],
    [['HOUSE_MANAGER'], true, ['house']],
    [['HOUSE_MANAGER'], false, []],
    [['TEACHER'], true, []],
  ])('%j (house system %s) sees %j', (roles, houses, expected) => {
    expect(ids(user(roles, houses))).toEqual(expected);
  });

  it('?tab= picks a tab the user sees, else the first', () => {
    expect(settingsTabsFor(user(['SCHOOL_ADMIN']), 'advanced').active?.id).toBe('advanced');
    expect(settingsTabsFor(user(['HOUSE_MANAGER']), 'users').active?.id).toBe('house');
    expect(settingsTabsFor(user(['SCHOOL_ADMIN']), 'nope').active?.id).toBe('school');
    expect(settingsTabsFor(user(['TEACHER']), 'users').active).toBeNull();
  });
});
