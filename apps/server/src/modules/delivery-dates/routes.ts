import { z } from 'zod';
import {
  deliveryDateBody,
  deliveryDateResponse,
  deliverySettingsBody,
  deliverySettingsResponse,
  okResponse,
  type OkResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import {
  createDeliveryDate,
  deleteDeliveryDate,
  deliverySettings,
  replaceDeliverySettings,
  updateDeliveryDate,
} from './service.js';

const idParams = z.object({ id: z.string().max(100) });

/** Delivery dates (settings): school admins and store managers. */
export const deliveryDateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/delivery-date',
    {
      config: { action: 'settings:store' },
      schema: {
        tags: ['settings'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: deliverySettingsResponse },
      },
    },
    async (req) => deliverySettings(app.db, me(req)),
  );

  app.put(
    '/settings/delivery-date',
    {
      config: { action: 'settings:store' },
      schema: {
        tags: ['settings'],
        body: deliverySettingsBody,
        response: { 200: deliverySettingsResponse },
      },
    },
    async (req) => replaceDeliverySettings(app.db, me(req), req.body),
  );

  app.post(
    '/settings/delivery-date',
    {
      config: { action: 'settings:store' },
      schema: {
        tags: ['settings'],
        body: deliveryDateBody,
        response: { 200: deliveryDateResponse },
      },
    },
    async (req) => createDeliveryDate(app.db, me(req), req.body),
  );

  app.put(
    '/settings/delivery-date/:id',
    {
      config: { action: 'settings:store' },
      schema: {
        tags: ['settings'],
        params: idParams,
        body: deliveryDateBody,
        response: { 200: deliveryDateResponse },
      },
    },
    async (req) => updateDeliveryDate(app.db, me(req), req.params.id, req.body),
  );

  app.delete(
    '/settings/delivery-date/:id',
    {
      config: { action: 'settings:store' },
      schema: { tags: ['settings'], params: idParams, response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await deleteDeliveryDate(app.db, me(req), req.params.id);
      return { ok: true };
    },
  );
};
