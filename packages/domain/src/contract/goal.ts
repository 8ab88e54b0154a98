import { z } from 'zod';
import { goalBody, goalResponse } from '../goals.js';
import { call } from './define.js';

/** `/api/v1/goal`: a student's saving goal (docs/decisions/107-saving-goals.md), one product like the cart. */
export const goal = {
  get: call({
    method: 'GET',
    path: '/api/v1/goal',
    action: 'goals:use',
    tags: ['goal'],
    query: z.object({ time: z.string().optional() }),
    response: { 200: goalResponse },
  }),
  pin: call({
    method: 'PUT',
    path: '/api/v1/goal',
    action: 'goals:use',
    tags: ['goal'],
    body: goalBody,
    response: { 200: goalResponse },
  }),
  /** Unpins the goal, or dismisses the note of one the server unpinned. */
  clear: call({
    method: 'DELETE',
    path: '/api/v1/goal',
    action: 'goals:use',
    tags: ['goal'],
    response: { 200: goalResponse },
  }),
};
