import { allows, scopeFor, sessionUserResponse } from '@app/domain';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../api';

/*
 * The web's permission subject is the session user itself (POST auth/me). It carries neither the
 * user's id under `id` nor the school's list of PBIS coordinators, so the server tells it whether
 * the school names the user one (`pbisCoordinator`): a named coordinator then sees the fairness
 * report's page and calls as the server grants them (issue 34).
 */

const sessionUser = (roles: string[], pbisCoordinator: boolean): SessionUser =>
  // As the answer arrives: through the contract's schema, which keeps only the fields it declares.
  sessionUserResponse.parse({
    _id: 'u1',
    externalId: 'e1',
    username: 'coach',
    firstName: 'Cora',
    lastName: 'Coach',
    roles,
    gradeLevel: null,
    house: null,
    periodCount: 1,
    pbisCoordinator,
    school: {
      _id: 's1',
      externalId: 'S',
      name: 'School',
      timeZone: 'America/Los_Angeles',
      teacherToolboxLink: null,
      hasHouseSystem: false,
      isHouseSystemConfigured: false,
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

describe('the session’s permission subject and the fairness report', () => {
  it('a teacher the school names its PBIS coordinator may read it, school-wide', () => {
    const u = sessionUser(['TEACHER'], true);
    expect(u.pbisCoordinator).toBe(true);
    expect(allows(u, 'reports:equity')).toBe(true);
    expect(scopeFor(u, 'reports:equity')).toBe('school');
  });

  it('a teacher not named may not; admins may without being named', () => {
    expect(allows(sessionUser(['TEACHER'], false), 'reports:equity')).toBe(false);
    expect(allows(sessionUser(['SCHOOL_ADMIN'], false), 'reports:equity')).toBe(true);
  });

  it('a student, a guardian or a base-role user named gets nothing', () => {
    for (const roles of [['STUDENT'], ['GUARDIAN'], ['USER']])
      expect(allows(sessionUser(roles, true), 'reports:equity'), roles[0]).toBe(false);
  });
});
