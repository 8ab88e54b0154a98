import { z } from 'zod';
import {
  pendingSurveyResponse,
  surveyAnswerBody,
  surveyAnsweredResponse,
  surveyResultsResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { answerSurvey, pendingSurvey, surveyResults } from './service.js';

const time = z.object({ time: z.string().optional() });

/** Surveys (docs/spec.md section 9): asked once to students and teachers; results for admins. */
export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/surveys/pending',
    {
      config: { action: 'surveys:answer', cached: true },
      schema: { tags: ['surveys'], querystring: time, response: { 200: pendingSurveyResponse } },
    },
    async (req) => (app.env.SURVEYS ? pendingSurvey(app.db, me(req)) : { survey: null }),
  );

  app.post(
    '/surveys/:name/answer',
    {
      config: { action: 'surveys:answer' },
      schema: {
        tags: ['surveys'],
        params: z.object({ name: z.string().max(100) }),
        body: surveyAnswerBody,
        response: { 200: surveyAnsweredResponse },
      },
    },
    async (req) => answerSurvey(app.db, me(req), req.params.name, req.body),
  );

  app.get(
    '/surveys/results',
    {
      config: { action: 'surveys:results' },
      schema: { tags: ['surveys'], querystring: time, response: { 200: surveyResultsResponse } },
    },
    async (req) => surveyResults(app.db, me(req)),
  );
};
