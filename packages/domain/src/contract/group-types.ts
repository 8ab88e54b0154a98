import { z } from 'zod';
import {
  activitiesRemovedResponse,
  groupTypeDeletedResponse,
  groupTypeResponse,
} from '../responses-activity.js';
import { dateQuery, groupTypeBody, groupTypeUpdateBody } from '../schemas-activity.js';
import { idParam } from '../schemas.js';
import { call } from './define.js';
import { IDEMPOTENCY_KEY_DOC, idempotencyHeaders } from './idempotency.js';

const tags = ['group-types'];

/** `/api/v1/group-types`: groups of students inside one period, to give to a table or team at once. */
export const groupTypes = {
  /** A period's group types. */
  list: call({
    method: 'GET',
    path: '/api/v1/group-types',
    action: 'groupTypes:read',
    cached: true,
    tags,
    query: z.object({
      internalPeriodId: z
        .string({ error: 'internalPeriodId is required' })
        .min(1, { error: 'internalPeriodId is required' })
        .max(100),
      time: z.string().optional(),
    }),
    response: { 200: z.array(groupTypeResponse) },
  }),
  create: call({
    method: 'POST',
    path: '/api/v1/group-types',
    action: 'groupTypes:manage',
    tags,
    body: groupTypeBody,
    response: { 201: groupTypeResponse },
  }),
  get: call({
    method: 'GET',
    path: '/api/v1/group-types/:id',
    action: 'groupTypes:read',
    tags,
    params: idParam,
    response: { 200: groupTypeResponse },
  }),
  update: call({
    method: 'PUT',
    path: '/api/v1/group-types/:id',
    action: 'groupTypes:manage',
    tags,
    params: idParam,
    body: groupTypeUpdateBody,
    response: { 200: groupTypeResponse },
  }),
  remove: call({
    method: 'DELETE',
    path: '/api/v1/group-types/:id',
    action: 'groupTypes:manage',
    tags,
    params: idParam,
    response: { 200: groupTypeDeletedResponse },
  }),
  /** Takes back the activities given through one group on `date` (the school's today without one). */
  removeActivity: call({
    method: 'DELETE',
    path: '/api/v1/group-types/:id/groups/:groupId/activity',
    action: 'activity:change',
    tags,
    description: `Takes back what was given through one group on one day. ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    params: z.object({
      id: z.string().min(1).max(100),
      groupId: z.string().min(1).max(100),
    }),
    query: dateQuery,
    response: { 200: activitiesRemovedResponse },
  }),
};
