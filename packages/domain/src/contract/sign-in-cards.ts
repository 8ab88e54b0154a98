import { okResponse } from '../responses.js';
import {
  signInCardParams,
  signInCardsBody,
  signInCardsPdfQuery,
  signInCardsResponse,
} from '../sign-in-cards.js';
import { call } from './define.js';

/**
 * `/api/v1/sign-in-cards` (docs/decisions/133-sign-in-cards.md): printing makes new cards, each
 * student's earlier card stops working; revoking one. Signing in with one is `auth.loginCard`.
 */
export const signInCards = {
  /** New cards as codes, answered this once. */
  print: call({
    method: 'POST',
    path: '/api/v1/sign-in-cards',
    action: 'students:signIn',
    tags: ['periods'],
    description:
      "New sign-in cards for the students named or a class's students: each student's earlier card stops working. The codes are answered this once.",
    body: signInCardsBody,
    response: { 200: signInCardsResponse },
  }),
  /** New cards as a PDF to print and cut: a class's, or the students named. */
  pdf: call({
    method: 'GET',
    path: '/api/v1/sign-in-cards.pdf',
    action: 'students:signIn',
    tags: ['periods'],
    query: signInCardsPdfQuery,
    file: {
      contentType: 'application/pdf',
      description:
        "New sign-in cards (each student's earlier card stops working) as a PDF to print and cut: 10 a page on letter, 8 on A4.",
    },
  }),
  /** Revokes a student's card (`studentId` is the student's). */
  revoke: call({
    method: 'DELETE',
    path: '/api/v1/sign-in-cards/:studentId',
    action: 'students:signIn',
    tags: ['periods'],
    params: signInCardParams,
    response: { 200: okResponse },
  }),
};
