import { surveyAudiences, type SurveyAudience } from '@app/domain';
import type { AuthUser } from '../lib/auth-context.js';

/**
 * The surveys' audiences a user belongs to: each survey asks the holders of one role that the
 * table lets answer surveys (`surveys:answer`, packages/domain/src/policy.ts). A user holding two
 * such roles (a student who also teaches) is asked both audiences' surveys.
 */
export const surveyAudiencesOf = (u: AuthUser): SurveyAudience[] => surveyAudiences(u.roles);
