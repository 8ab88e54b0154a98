import { z } from 'zod';
import { dateQuery, groupTypeBody, groupTypeUpdateBody, hasRole, idParam } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import {
  createGroupType,
  deleteGroupType,
  getGroupType,
  listGroupTypes,
  removeGroupActivity,
  updateGroupType,
} from './service.js';

const notStudent = { allow: (u: { roles: string[] }) => !hasRole(u.roles, 'STUDENT') };
const tags = ['group-types'];
const listQuery = z.object({
  internalPeriodId: z
    .string({ error: 'internalPeriodId is required' })
    .min(1, { error: 'internalPeriodId is required' })
    .max(100),
  time: z.string().optional(),
});
const groupParams = z.object({ id: z.string().min(1).max(100), groupId: z.string().min(1).max(100) });

/** Groups of students inside one period, used to give to a table or team at once. */
export const groupTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/group-types', { config: notStudent, schema: { tags, querystring: listQuery } }, async (req) =>
    listGroupTypes(app.db, me(req), req.query.internalPeriodId),
  );

  app.post('/group-types', { config: notStudent, schema: { tags, body: groupTypeBody } }, async (req, reply) => {
    const created = await createGroupType(app.db, me(req), req.body);
    return reply.status(201).send(created);
  });

  app.get('/group-types/:id', { config: notStudent, schema: { tags, params: idParam } }, async (req) =>
    getGroupType(app.db, me(req), req.params.id),
  );

  app.put('/group-types/:id', { config: notStudent, schema: { tags, params: idParam, body: groupTypeUpdateBody } }, async (req) =>
    updateGroupType(app.db, me(req), req.params.id, req.body),
  );

  app.delete('/group-types/:id', { config: notStudent, schema: { tags, params: idParam } }, async (req) =>
    deleteGroupType(app.db, me(req), req.params.id),
  );

  app.delete(
    '/group-types/:id/groups/:groupId/activity',
    { config: notStudent, schema: { tags, params: groupParams, querystring: dateQuery } },
    async (req) => removeGroupActivity(app.db, me(req), req.params.id, req.params.groupId, req.query.date),
  );
};
