import { z } from 'zod';
import {
  activityListQuery,
  activityUpdateBody,
  bulkGiveBody,
  customActionInput,
  activityItemResponse,
  activityOptionResponse,
  activityOptionsResponse,
  activityUpdatedResponse,
  auditEntryResponse,
  classStatsResponse,
  dateQuery,
  giveResultResponse,
  groupActivityRemovedResponse,
  okResponse,
  periodDayDetailsResponse,
  powerActionsBody,
  powerActionsResponse,
  type OkResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { sendJsonText } from '../../lib/serializer.js';
import { IDEMPOTENCY_KEY_DOC, idempotencyHeaders, idempotent } from '../../lib/idempotency.js';
import { classStats, periodStatsDetails } from './class-stats.js';
import { auditTrail, deleteActivity, presentUpdated, undoGive, updateActivity } from './edit.js';
import { giveActivities } from './give.js';
import { listActivities } from './list.js';
import {
  activityOptions,
  createCustomAction,
  deleteCustomAction,
  presentType,
  setPowerActions,
} from './types.js';

const idParams = z.object({ id: z.string().max(100) });

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/activity/bulk',
    {
      config: { action: 'activity:give' },
      schema: {
        tags: ['activity'],
        description: `Gives activities to students. ${IDEMPOTENCY_KEY_DOC}`,
        headers: idempotencyHeaders,
        body: bulkGiveBody,
        response: { 200: giveResultResponse },
      },
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, (tx, user) => giveActivities(tx, user, req.body)),
  );

  app.get(
    '/activity/',
    {
      config: { action: 'students:read', cached: true },
      schema: {
        tags: ['activity'],
        description:
          'Activities newest first, `limit` (default 50) at a time; the next page: `before` = the `_id` of the last activity of this one (an empty page: no more).',
        querystring: activityListQuery,
        response: { 200: z.array(activityItemResponse) },
      },
    },
    async (req) => sendJsonText(await listActivities(app.db, me(req), req.query)),
  );

  app.get(
    '/activity/audit',
    {
      config: { action: 'activity:audit' },
      schema: {
        tags: ['activity'],
        querystring: z.object({
          activityId: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
          time: z.string().optional(),
        }),
        response: { 200: z.array(auditEntryResponse) },
      },
    },
    async (req) => auditTrail(app.db, me(req), req.query.activityId, req.query.limit),
  );

  app.put(
    '/activity/:id',
    {
      config: { action: 'activity:change' },
      schema: {
        tags: ['activity'],
        description: `Changes one activity. ${IDEMPOTENCY_KEY_DOC}`,
        headers: idempotencyHeaders,
        params: idParams,
        body: activityUpdateBody,
        response: { 200: activityUpdatedResponse },
      },
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, async (tx, user) =>
        presentUpdated(await updateActivity(tx, user, req.params.id, req.body)),
      ),
  );

  app.delete(
    '/activity/give/:id',
    {
      config: { action: 'activity:change' },
      schema: {
        tags: ['activity'],
        description: `Undoes one give. ${IDEMPOTENCY_KEY_DOC}`,
        headers: idempotencyHeaders,
        params: idParams,
        response: { 200: groupActivityRemovedResponse },
      },
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, (tx, user) => undoGive(tx, user, req.params.id)),
  );

  app.delete(
    '/activity/:id',
    {
      config: { action: 'activity:change' },
      schema: {
        tags: ['activity'],
        description: `Removes one activity. ${IDEMPOTENCY_KEY_DOC}`,
        headers: idempotencyHeaders,
        params: idParams,
        response: { 200: okResponse },
      },
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, async (tx, user): Promise<OkResponse> => {
        await deleteActivity(tx, user, req.params.id);
        return { ok: true };
      }),
  );

  app.get(
    '/activity/options',
    {
      config: { action: 'activityOptions:read' },
      schema: { tags: ['activity'], response: { 200: activityOptionsResponse } },
    },
    async (req) => activityOptions(app.db, me(req)),
  );

  app.post(
    '/activity/options/custom',
    {
      config: { action: 'customActions:manage' },
      schema: {
        tags: ['activity'],
        body: customActionInput,
        response: { 200: activityOptionResponse },
      },
    },
    async (req) => {
      const user = me(req);
      return presentType(
        await app.db.transaction((tx) => createCustomAction(tx, user, req.body)),
        user,
      );
    },
  );

  app.delete(
    '/activity/options/custom/:id',
    {
      config: { action: 'customActions:manage' },
      schema: { tags: ['activity'], params: idParams, response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await deleteCustomAction(app.db, me(req), req.params.id);
      return { ok: true };
    },
  );

  app.put(
    '/settings/power-actions/:id',
    {
      config: { action: 'powerActions:set' },
      schema: {
        tags: ['activity'],
        params: idParams,
        body: powerActionsBody,
        response: { 200: powerActionsResponse },
      },
    },
    async (req) => setPowerActions(app.db, me(req), req.params.id, req.body.powerActions),
  );

  app.get(
    '/activity/class-stats/:id',
    {
      config: { action: 'class:view', cached: true },
      schema: {
        tags: ['activity'],
        params: idParams,
        querystring: dateQuery,
        response: { 200: classStatsResponse },
      },
    },
    async (req) => classStats(app.db, me(req), req.params.id, req.query.date),
  );

  app.get(
    '/activity/period-stats-details/:id',
    {
      config: { action: 'class:view' },
      schema: {
        tags: ['activity'],
        params: idParams,
        querystring: dateQuery,
        response: { 200: periodDayDetailsResponse },
      },
    },
    async (req) => periodStatsDetails(app.db, me(req), req.params.id, req.query.date),
  );
};
