import { allows, sessionUserResponse } from '@app/domain';
import { describe, expect, it } from 'vitest';
import type { SchoolProfile } from '../../api';
import { sessionWithProfile } from './schoolSession';

const admin = sessionUserResponse.parse({
  _id: 'u1',
  externalId: 'e1',
  username: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  roles: ['SCHOOL_ADMIN', 'TEACHER'],
  gradeLevel: null,
  house: null,
  periodCount: 1,
  pbisCoordinator: false,
  school: {
    _id: 's1',
    externalId: 'S',
    name: 'School',
    timeZone: 'America/Los_Angeles',
    teacherToolboxLink: 'https://toolbox.example',
    hasHouseSystem: true,
    isHouseSystemConfigured: true,
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

const profile = (pbisCoordinatorIds: string[]): SchoolProfile => ({
  code: 'S',
  name: 'Renamed School',
  timeZone: 'America/Chicago',
  schoolType: 'Middle',
  storeModel: 'Pickup',
  hasHouseSystem: true,
  canTeacherGiveAll: false,
  currencyName: 'Stars',
  currencyNameOne: 'Star',
  currencyNameEs: 'Estrellas',
  currencyNameOneEs: 'Estrella',
  pbisTargetRatio: 5,
  pbisRatioWindow: 'this-week',
  pbisRecognitionDays: 10,
  pbisCoordinatorIds,
});

describe('the session after the school profile is saved', () => {
  it('carries the school as saved, keeping what the profile does not hold', () => {
    const u = sessionWithProfile(admin, profile([]));
    expect(u.school).toMatchObject({
      _id: 's1',
      externalId: 'S',
      teacherToolboxLink: 'https://toolbox.example',
      isHouseSystemConfigured: true,
      name: 'Renamed School',
      timeZone: 'America/Chicago',
      canTeacherGiveAll: false,
      currencyName: 'Stars',
    });
    expect(u.school).not.toHaveProperty('code');
  });

  it('says whether the school now names the user a PBIS coordinator, as auth/me would', () => {
    expect(sessionWithProfile(admin, profile(['u2', 'u1'])).pbisCoordinator).toBe(true);
    const named = { ...admin, pbisCoordinator: true };
    expect(sessionWithProfile(named, profile(['u2'])).pbisCoordinator).toBe(false);
    // A teacher named reads the fairness report at once.
    const teacher = { ...admin, roles: ['TEACHER'] };
    expect(allows(teacher, 'reports:equity')).toBe(false);
    expect(allows(sessionWithProfile(teacher, profile(['u1'])), 'reports:equity')).toBe(true);
  });
});
