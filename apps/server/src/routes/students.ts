import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { studentByBadge } from '../modules/badges/service.js';
import { setStudentDemographics, studentDemographicsOf } from '../modules/demographics/service.js';
import { setStudentPassword } from '../modules/sign-in-cards/service.js';

/**
 * What staff set on a student: a sign-in (docs/decisions/133-sign-in-cards.md), demographics; and
 * the student a badge names (issue 35).
 */
export const studentsRoutes = routesOf('students', API.students, (app) => ({
  setPassword: async (req) =>
    setStudentPassword(app.db, me(req), req.params.studentId, req.body.password),
  demographics: async (req) => studentDemographicsOf(app.db, me(req), req.params.studentId),
  setDemographics: async (req) =>
    setStudentDemographics(app.db, me(req), req.params.studentId, req.body),
  byBadge: async (req) => studentByBadge(app.db, me(req), req.params.code),
}));
