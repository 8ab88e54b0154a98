import type { Action, PermissionSubject } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import type { schools } from '../db/schema.js';
import { unauthorized } from './errors.js';

export type SchoolRow = typeof schools.$inferSelect;

/** The signed-in user of a request, loaded once by the auth hook. */
export interface AuthUser {
  id: string;
  schoolId: string;
  externalId: string;
  firstName: string;
  lastName: string;
  roles: string[];
  gradeLevel: string | null;
  house: string | null;
  periodCount: number;
  /** The language chosen on /profile; null follows the browser. */
  language: string | null;
  school: SchoolRow;
  tokenHash: string;
  /**
   * A cashier code's account (issue 35): when its code ends, in milliseconds since the epoch by the
   * rules' clock (0 once revoked); null or absent for everyone else.
   */
  cashierUntil?: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open without a session (the user is still loaded when a valid token comes along). */
    public?: boolean;
    /**
     * The permission-table action the route performs. Checked before the body is parsed; the
     * services narrow objects by the user's scope for it. Every non-public route names one.
     */
    action?: Action;
    /**
     * A read a screen makes, whose answer depends only on the session, the URL, the language and
     * its school's data: kept for a moment (docs/decisions/120-answer-cache.md). Never a call that
     * writes, hands out something once, or answers from outside the database.
     */
    cached?: boolean;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

export function me(req: FastifyRequest): AuthUser {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export const subjectOf = (u: AuthUser): PermissionSubject => ({
  id: u.id,
  roles: u.roles,
  gradeLevel: u.gradeLevel,
  periodCount: u.periodCount,
  school: {
    hasHouseSystem: u.school.hasHouseSystem,
    isHouseSystemConfigured: u.school.isHouseSystemConfigured,
    storeModel: u.school.storeModel,
    schoolType: u.school.schoolType,
    canTeacherGiveAll: u.school.canTeacherGiveAll,
    canNonAdminCreateCustomActions: u.school.canNonAdminCreateCustomActions,
    pbisCoordinatorIds: u.school.pbisCoordinatorIds,
  },
});
