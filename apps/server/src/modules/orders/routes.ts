import { z } from 'zod';
import {
  customizationBody,
  orderActionBody,
  orderListQuery,
  orderResponse,
  orderStatsResponse,
  placeOrderBody,
  placeOrderResponse,
  storeManagerBody,
  storeManagerMetaResponse,
  storeManagerResultResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { actOnOrder, storeManagerUpdate } from './act.js';
import { buyCustomization } from './customize.js';
import { idempotencyKeyOf, once } from './idempotency.js';
import { listStoreOrders, listStudentOrders, orderStats, storeManagerMeta } from './list.js';
import { placeOrder } from './place.js';

const idParams = z.object({ id: z.string().max(100) });

/** Orders, under /api/v2 (spec section 7). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order',
    {
      config: { action: 'orders:place' },
      schema: {
        tags: ['orders'],
        description: 'Places one order per store. An Idempotency-Key header (1 to 200 visible characters) makes a retry get the first answer back instead of buying again.',
        body: placeOrderBody,
        response: { 200: placeOrderResponse },
      },
    },
    async (req, reply) => {
      const user = me(req);
      const key = idempotencyKeyOf(req.headers['idempotency-key']);
      const { body, replayed } = await once(app.db, user, key, req.body, (tx) => placeOrder(tx, user, req.body));
      if (replayed) reply.header('idempotent-replayed', 'true');
      return body;
    },
  );

  app.post(
    '/order/customization',
    {
      config: { action: 'orders:customize' },
      schema: { tags: ['orders'], description: 'Buys a font or an icon (owned for good). Takes an Idempotency-Key like POST order.', body: customizationBody, response: { 200: placeOrderResponse } },
    },
    async (req, reply) => {
      const user = me(req);
      const key = idempotencyKeyOf(req.headers['idempotency-key']);
      const { body, replayed } = await once(app.db, user, key, { customization: req.body }, (tx) => buyCustomization(tx, user, req.body));
      if (replayed) reply.header('idempotent-replayed', 'true');
      return body;
    },
  );

  app.get(
    '/order/student',
    { config: { action: 'orders:readOwn' }, schema: { tags: ['orders'], querystring: orderListQuery, response: { 200: z.array(orderResponse) } } },
    async (req) => listStudentOrders(app.db, me(req), req.query),
  );

  app.get(
    '/order/teacher/',
    { config: { action: 'orders:readStore' }, schema: { tags: ['orders'], querystring: orderListQuery, response: { 200: z.array(orderResponse) } } },
    async (req) => listStoreOrders(app.db, me(req), req.query),
  );

  app.post(
    '/order/store-manager/',
    { config: { action: 'orders:fulfil' }, schema: { tags: ['orders'], body: storeManagerBody, response: { 200: storeManagerResultResponse } } },
    async (req) => storeManagerUpdate(app.db, me(req), req.body),
  );

  app.get(
    '/order/store-manager/meta',
    { config: { action: 'orders:fulfil' }, schema: { tags: ['orders'], querystring: z.object({ time: z.string().optional() }), response: { 200: storeManagerMetaResponse } } },
    async (req) => storeManagerMeta(app.db, me(req)),
  );

  app.get(
    '/order/stats/:id',
    { config: { action: 'orders:fulfil' }, schema: { tags: ['orders'], params: idParams, querystring: z.object({ time: z.string().optional() }), response: { 200: orderStatsResponse } } },
    async (req) => orderStats(app.db, me(req), req.params.id),
  );

  app.put(
    '/order/:id',
    { config: { action: 'orders:act' }, schema: { tags: ['orders'], params: idParams, body: orderActionBody, response: { 200: orderResponse } } },
    async (req) => actOnOrder(app.db, me(req), req.params.id, req.body),
  );
};
