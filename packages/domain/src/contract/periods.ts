import { z } from 'zod';
import { periodDetailResponse, periodResponse } from '../responses.js';
import { coTeachersBody } from '../schemas.js';
import { call } from './define.js';

const idParams = z.object({ id: z.string().max(100) });

/** `/api/v1/periods`: classes (periods), one with its students, and its co-teachers. */
export const periods = {
  /** The caller's classes, or (`scope: 'school'`) every class of the school. */
  list: call({
    method: 'GET',
    path: '/api/v1/periods',
    action: 'periods:list',
    cached: true,
    tags: ['periods'],
    query: z.object({
      scope: z.enum(['mine', 'school']).default('mine'),
      time: z.string().optional(),
    }),
    response: { 200: z.array(periodResponse) },
  }),
  get: call({
    method: 'GET',
    path: '/api/v1/periods/:id',
    action: 'class:view',
    cached: true,
    tags: ['periods'],
    params: idParams,
    response: { 200: periodDetailResponse },
  }),
  setCoTeachers: call({
    method: 'PUT',
    path: '/api/v1/periods/:id/co-teachers',
    action: 'periods:coTeachers',
    tags: ['periods'],
    params: idParams,
    body: coTeachersBody,
    response: { 200: periodResponse },
  }),
};
