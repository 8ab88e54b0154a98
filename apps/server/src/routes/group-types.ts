import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { idempotent } from '../lib/idempotency.js';
import {
  createGroupType,
  deleteGroupType,
  getGroupType,
  listGroupTypes,
  removeGroupActivities,
  updateGroupType,
} from '../modules/group-types/service.js';

/** Groups of students inside one period, used to give to a table or team at once. */
export const groupTypesRoutes = routesOf('groupTypes', API.groupTypes, (app) => ({
  list: async (req) => listGroupTypes(app.db, me(req), req.query.internalPeriodId),
  create: async (req, reply) => {
    const created = await createGroupType(app.db, me(req), req.body);
    return reply.status(201).send(created);
  },
  get: async (req) => getGroupType(app.db, me(req), req.params.id),
  update: async (req) => updateGroupType(app.db, me(req), req.params.id, req.body),
  remove: async (req) => deleteGroupType(app.db, me(req), req.params.id),
  removeActivity: async (req, reply) =>
    idempotent(app.db, req, reply, (tx, user) =>
      removeGroupActivities(tx, user, req.params.id, req.params.groupId, req.query.date),
    ),
}));
