import { badgeCodeParams, badgeStudentResponse } from '../badges.js';
import { demographicsBody, demographicsResponse } from '../schemas-pbis.js';
import {
  signInCardParams,
  studentPasswordBody,
  studentPasswordResponse,
} from '../sign-in-cards.js';
import { call } from './define.js';

/** `/api/v1/students`: what staff set on a student's sign-in (docs/decisions/133-sign-in-cards.md). */
export const students = {
  setPassword: call({
    method: 'PUT',
    path: '/api/v1/students/:studentId/password',
    action: 'students:signIn',
    answers: [409],
    tags: ['periods'],
    description:
      'A password for a student, under the account-setup rules; a student without a sign-in name gets firstname.lastname, made unique. Their sessions go on.',
    params: signInCardParams,
    body: studentPasswordBody,
    response: { 200: studentPasswordResponse },
  }),
  /** One student's demographics: sensitive, read only with `reports:equity` (issue 34). */
  demographics: call({
    method: 'GET',
    path: '/api/v1/students/:studentId/demographics',
    action: 'reports:equity',
    tags: ['students'],
    params: signInCardParams,
    response: { 200: demographicsResponse },
  }),
  /** Sets them (an admin who edits people and reads demographics); a field sent null is unknown. */
  setDemographics: call({
    method: 'PUT',
    path: '/api/v1/students/:studentId/demographics',
    action: 'settings:users',
    tags: ['students'],
    params: signInCardParams,
    body: demographicsBody,
    response: { 200: demographicsResponse },
  }),
  /**
   * The student a badge names (issue 35): for whoever may give to them; 404 otherwise, the same
   * answer as a code that does not exist.
   */
  byBadge: call({
    method: 'GET',
    path: '/api/v1/students/by-badge/:code',
    action: 'activity:give',
    answers: [404],
    tags: ['students'],
    params: badgeCodeParams,
    response: { 200: badgeStudentResponse },
  }),
};
