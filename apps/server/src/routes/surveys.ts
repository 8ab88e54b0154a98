import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { answerSurvey, pendingSurvey, surveyResults } from '../modules/surveys/service.js';

/** Surveys (docs/spec.md section 9): asked once to students and teachers (none when SURVEYS is off); results for admins. */
export const surveysRoutes = routesOf('surveys', API.surveys, (app) => ({
  pending: async (req) => (app.env.SURVEYS ? pendingSurvey(app.db, me(req)) : { survey: null }),
  answer: async (req) => answerSurvey(app.db, me(req), req.params.name, req.body),
  results: async (req) => surveyResults(app.db, me(req)),
}));
