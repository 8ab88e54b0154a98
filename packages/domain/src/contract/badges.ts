import {
  badgeResponse,
  badgesBody,
  badgesPdfQuery,
  badgesResponse,
  badgeStudentParams,
} from '../badges.js';
import { call } from './define.js';

/**
 * `/api/v1/badges` (issue 35, docs/decisions/139-badges-and-counter.md): students' badge codes,
 * printed as QR codes. Printing keeps each student's code (a first printing makes it); replacing a
 * lost badge makes a new one and the old stops. Finding a student by badge is `students.byBadge`.
 */
export const badges = {
  /** The badges of a class's students or of the students named: each code made on first print. */
  print: call({
    method: 'POST',
    path: '/api/v1/badges',
    action: 'badges:print',
    tags: ['periods'],
    description:
      "Badges for a class's students or the students named: each student's badge code (made at the first printing, kept after).",
    body: badgesBody,
    response: { 200: badgesResponse },
  }),
  /** The same badges as a PDF to print and cut. */
  pdf: call({
    method: 'GET',
    path: '/api/v1/badges.pdf',
    action: 'badges:print',
    tags: ['periods'],
    query: badgesPdfQuery,
    file: {
      contentType: 'application/pdf',
      description:
        'Badges (name, picture or initials, school code and a QR code of the badge code) as a PDF to print and cut: 10 a page on letter, 8 on A4.',
    },
  }),
  /** A lost badge: a new code for the student; the old one stops. */
  replace: call({
    method: 'POST',
    path: '/api/v1/badges/:studentId/replace',
    action: 'badges:replace',
    tags: ['periods'],
    params: badgeStudentParams,
    response: { 200: badgeResponse },
  }),
};
