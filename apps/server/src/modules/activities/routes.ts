import { z } from 'zod';
import {
  activityListQuery,
  activityUpdateBody,
  bulkGiveBody,
  customActionBody,
  dateQuery,
  hasRole,
  powerActionsBody,
  type OkResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { classStats, periodStatsDetails } from './class-stats.js';
import { auditTrail, deleteActivity, presentUpdated, updateActivity } from './edit.js';
import { giveActivities } from './give.js';
import { listActivities } from './list.js';
import { activityOptions, createCustomAction, deleteCustomAction, presentType, setPowerActions } from './types.js';

const idParams = z.object({ id: z.string().max(100) });
const staff = { allow: (u: { roles: string[] }) => !hasRole(u.roles, 'STUDENT') };

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/activity/bulk', { config: staff, schema: { tags: ['activity'], body: bulkGiveBody } }, async (req) =>
    giveActivities(app.db, me(req), req.body),
  );

  app.get('/activity/', { schema: { tags: ['activity'], querystring: activityListQuery } }, async (req) =>
    listActivities(app.db, me(req), req.query),
  );

  app.get(
    '/activity/audit',
    {
      config: staff,
      schema: {
        tags: ['activity'],
        querystring: z.object({ activityId: z.string().max(100).optional(), limit: z.coerce.number().int().min(1).max(500).default(100), time: z.string().optional() }),
      },
    },
    async (req) => auditTrail(app.db, me(req), req.query.activityId, req.query.limit),
  );

  app.put('/activity/:id', { config: staff, schema: { tags: ['activity'], params: idParams, body: activityUpdateBody } }, async (req) => {
    return presentUpdated(await updateActivity(app.db, me(req), req.params.id, req.body));
  });

  app.delete('/activity/:id', { config: staff, schema: { tags: ['activity'], params: idParams } }, async (req): Promise<OkResponse> => {
    await deleteActivity(app.db, me(req), req.params.id);
    return { ok: true };
  });

  app.get('/activity/options', { schema: { tags: ['activity'] } }, async (req) => activityOptions(app.db, me(req)));

  app.post('/activity/options/custom', { config: staff, schema: { tags: ['activity'], body: customActionBody } }, async (req) => {
    const user = me(req);
    return presentType(await app.db.transaction((tx) => createCustomAction(tx, user, req.body)), user);
  });

  app.delete('/activity/options/custom/:id', { config: staff, schema: { tags: ['activity'], params: idParams } }, async (req): Promise<OkResponse> => {
    await deleteCustomAction(app.db, me(req), req.params.id);
    return { ok: true };
  });

  app.put('/settings/power-actions/:id', { config: staff, schema: { tags: ['activity'], params: idParams, body: powerActionsBody } }, async (req) =>
    setPowerActions(app.db, me(req), req.params.id, req.body.powerActions),
  );

  app.get('/activity/class-stats/:id', { config: staff, schema: { tags: ['activity'], params: idParams, querystring: dateQuery } }, async (req) =>
    classStats(app.db, me(req), req.params.id, req.query.date),
  );

  app.get(
    '/activity/period-stats-details/:id',
    { config: staff, schema: { tags: ['activity'], params: idParams, querystring: dateQuery } },
    async (req) => periodStatsDetails(app.db, me(req), req.params.id, req.query.date),
  );
};
