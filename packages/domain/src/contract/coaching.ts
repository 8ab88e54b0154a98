import {
  coachingResponse,
  givingRatiosQuery,
  givingRatiosResponse,
  pbisRangeQuery,
} from '../schemas-pbis.js';
import { call } from './define.js';

/** `/api/v1/coaching`: a giver's ratio of positive to corrective feedback, in the moment (issue 34). */
export const coaching = {
  /** The caller's bonuses and flags in the window, against the school's target, and their students nobody has recognised. */
  me: call({
    method: 'GET',
    path: '/api/v1/coaching/me',
    action: 'activity:give',
    tags: ['coaching'],
    query: pbisRangeQuery,
    response: { 200: coachingResponse },
  }),
  /** Each giver's ratio for the window, and the school's (the admin's dashboard). */
  givers: call({
    method: 'GET',
    path: '/api/v1/coaching/givers',
    action: 'reports:teacherUsage',
    tags: ['coaching'],
    query: givingRatiosQuery,
    response: { 200: givingRatiosResponse },
  }),
};
