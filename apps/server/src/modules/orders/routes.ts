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
import { IDEMPOTENCY_KEY_DOC, idempotencyHeaders, idempotent } from '../../lib/idempotency.js';
import { actOnOrder, storeManagerUpdate } from './act.js';
import { buyCustomization } from './customize.js';
import { listStoreOrders, listStudentOrders, orderStats, storeManagerMeta } from './list.js';
import { placeOrder, placeOrderAtOnce } from './place.js';

const idParams = z.object({ id: z.string().max(100) });

/** Orders, under /api/v2 (docs/spec.md section 7). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order',
    {
      config: { action: 'orders:place' },
      schema: {
        tags: ['orders'],
        description: `Places one order per store. ${IDEMPOTENCY_KEY_DOC}`,
        headers: idempotencyHeaders,
        body: placeOrderBody,
        response: { 200: placeOrderResponse },
      },
    },
    async (req, reply) =>
      idempotent(
        app.db,
        req,
        reply,
        (tx, user) => placeOrder(tx, user, req.body),
        (user, keep) => placeOrderAtOnce(app.db, user, req.body, keep),
      ),
  );

  app.post(
    '/order/customization',
    {
      config: { action: 'orders:customize' },
      schema: {
        tags: ['orders'],
        description: `Buys a font or an icon (owned for good). ${IDEMPOTENCY_KEY_DOC}`,
        headers: idempotencyHeaders,
        body: customizationBody,
        response: { 200: placeOrderResponse },
      },
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, (tx, user) => buyCustomization(tx, user, req.body)),
  );

  app.get(
    '/order/student',
    {
      config: { action: 'orders:readStudent', cached: true },
      schema: {
        tags: ['orders'],
        querystring: orderListQuery,
        response: { 200: z.array(orderResponse) },
      },
    },
    async (req) => listStudentOrders(app.db, me(req), req.query),
  );

  app.get(
    '/order/teacher/',
    {
      config: { action: 'orders:readStore', cached: true },
      schema: {
        tags: ['orders'],
        querystring: orderListQuery,
        response: { 200: z.array(orderResponse) },
      },
    },
    async (req) => listStoreOrders(app.db, me(req), req.query),
  );

  app.post(
    '/order/store-manager/',
    {
      config: { action: 'orders:fulfil' },
      schema: {
        tags: ['orders'],
        body: storeManagerBody,
        response: { 200: storeManagerResultResponse },
      },
    },
    async (req) => storeManagerUpdate(app.db, me(req), req.body),
  );

  app.get(
    '/order/store-manager/meta',
    {
      config: { action: 'orders:fulfil', cached: true },
      schema: {
        tags: ['orders'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: storeManagerMetaResponse },
      },
    },
    async (req) => storeManagerMeta(app.db, me(req)),
  );

  app.get(
    '/order/stats/:id',
    {
      config: { action: 'orders:fulfil' },
      schema: {
        tags: ['orders'],
        params: idParams,
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: orderStatsResponse },
      },
    },
    async (req) => orderStats(app.db, me(req), req.params.id),
  );

  app.put(
    '/order/:id',
    {
      config: { action: 'orders:act' },
      schema: {
        tags: ['orders'],
        params: idParams,
        body: orderActionBody,
        response: { 200: orderResponse },
      },
    },
    async (req) => actOnOrder(app.db, me(req), req.params.id, req.body),
  );
};
