import { z } from 'zod';
import {
  dateQuery,
  groupActivityRemovedResponse,
  groupTypeBody,
  groupTypeDeletedResponse,
  groupTypeResponse,
  groupTypeUpdateBody,
  idParam,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { IDEMPOTENCY_KEY_DOC, idempotencyHeaders, idempotent } from '../../lib/idempotency.js';
import {
  createGroupType,
  deleteGroupType,
  getGroupType,
  listGroupTypes,
  removeGroupActivity,
  updateGroupType,
} from './service.js';

const tags = ['group-types'];
const listQuery = z.object({
  internalPeriodId: z
    .string({ error: 'internalPeriodId is required' })
    .min(1, { error: 'internalPeriodId is required' })
    .max(100),
  time: z.string().optional(),
});
const groupParams = z.object({
  id: z.string().min(1).max(100),
  groupId: z.string().min(1).max(100),
});

/** Groups of students inside one period, used to give to a table or team at once. */
export const groupTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/group-types',
    {
      config: { action: 'groupTypes:read', cached: true },
      schema: { tags, querystring: listQuery, response: { 200: z.array(groupTypeResponse) } },
    },
    async (req) => listGroupTypes(app.db, me(req), req.query.internalPeriodId),
  );

  app.post(
    '/group-types',
    {
      config: { action: 'groupTypes:manage' },
      schema: { tags, body: groupTypeBody, response: { 201: groupTypeResponse } },
    },
    async (req, reply) => {
      const created = await createGroupType(app.db, me(req), req.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/group-types/:id',
    {
      config: { action: 'groupTypes:read' },
      schema: { tags, params: idParam, response: { 200: groupTypeResponse } },
    },
    async (req) => getGroupType(app.db, me(req), req.params.id),
  );

  app.put(
    '/group-types/:id',
    {
      config: { action: 'groupTypes:manage' },
      schema: {
        tags,
        params: idParam,
        body: groupTypeUpdateBody,
        response: { 200: groupTypeResponse },
      },
    },
    async (req) => updateGroupType(app.db, me(req), req.params.id, req.body),
  );

  app.delete(
    '/group-types/:id',
    {
      config: { action: 'groupTypes:manage' },
      schema: { tags, params: idParam, response: { 200: groupTypeDeletedResponse } },
    },
    async (req) => deleteGroupType(app.db, me(req), req.params.id),
  );

  app.delete(
    '/group-types/:id/groups/:groupId/activity',
    {
      config: { action: 'activity:change' },
      schema: {
        tags,
        description: `Takes back what was given through one group on one day. ${IDEMPOTENCY_KEY_DOC}`,
        headers: idempotencyHeaders,
        params: groupParams,
        querystring: dateQuery,
        response: { 200: groupActivityRemovedResponse },
      },
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, (tx, user) =>
        removeGroupActivity(tx, user, req.params.id, req.params.groupId, req.query.date),
      ),
  );
};
