import { SURVEYS, type SurveyAudience } from '@app/domain';
import type { AuthUser } from '../lib/auth-context.js';
import { rolesThatMay } from './permission.js';

const isAudience = (role: string): role is SurveyAudience => SURVEYS.some((s) => s.audience === role);

/**
 * The surveys' audiences a user belongs to: each survey asks the holders of one role, and only
 * roles the table lets answer surveys (`surveys:answer`) are asked. A user holding two such roles
 * (a student who also teaches) is asked both audiences' surveys.
 */
export const surveyAudiencesOf = (u: AuthUser): SurveyAudience[] =>
  rolesThatMay(u, 'surveys:answer').filter((role) => u.roles.includes(role)).filter(isAudience);
