import { z } from 'zod';
import {
  pendingSurveyResponse,
  surveyAnswerBody,
  surveyAnsweredResponse,
  surveyResultsResponse,
} from '../surveys.js';
import { call } from './define.js';

const time = z.object({ time: z.string().optional() });

/** `/api/v1/surveys` (docs/spec.md section 9): asked once to students and teachers; results for admins. */
export const surveys = {
  /** The survey to ask now, if any. */
  pending: call({
    method: 'GET',
    path: '/api/v1/surveys/pending',
    action: 'surveys:answer',
    cached: true,
    tags: ['surveys'],
    query: time,
    response: { 200: pendingSurveyResponse },
  }),
  /** `answer` null dismisses the survey (it is not asked again). */
  answer: call({
    method: 'POST',
    path: '/api/v1/surveys/:name/answer',
    action: 'surveys:answer',
    tags: ['surveys'],
    params: z.object({ name: z.string().max(100) }),
    body: surveyAnswerBody,
    response: { 200: surveyAnsweredResponse },
  }),
  results: call({
    method: 'GET',
    path: '/api/v1/surveys/results',
    action: 'surveys:results',
    tags: ['surveys'],
    query: time,
    response: { 200: surveyResultsResponse },
  }),
};
