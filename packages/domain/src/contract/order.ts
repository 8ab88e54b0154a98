import { z } from 'zod';
import {
  orderResponse,
  orderStatsResponse,
  placeOrderResponse,
  storeManagerMetaResponse,
  storeManagerResultResponse,
} from '../responses-store.js';
import {
  customizationBody,
  orderActionBody,
  orderListQuery,
  placeOrderBody,
  storeManagerBody,
} from '../schemas-store.js';
import { call } from './define.js';
import { IDEMPOTENCY_KEY_DOC, idempotencyHeaders } from './idempotency.js';

const idParams = z.object({ id: z.string().max(100) });
const timeQuery = z.object({ time: z.string().optional() });

/** `/api/v2/order` (docs/spec.md section 7): placing orders and fulfilling them. A purchase takes an Idempotency-Key. */
export const order = {
  place: call({
    method: 'POST',
    path: '/api/v2/order',
    action: 'orders:place',
    tags: ['orders'],
    description: `Places one order per store. ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    body: placeOrderBody,
    response: { 200: placeOrderResponse },
  }),
  buyCustomization: call({
    method: 'POST',
    path: '/api/v2/order/customization',
    action: 'orders:customize',
    tags: ['orders'],
    description: `Buys a font or an icon (owned for good). ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    body: customizationBody,
    response: { 200: placeOrderResponse },
  }),
  /** The signed-in student's orders, or (a guardian) a child's. */
  mine: call({
    method: 'GET',
    path: '/api/v2/order/student',
    action: 'orders:readStudent',
    cached: true,
    tags: ['orders'],
    query: orderListQuery,
    response: { 200: z.array(orderResponse) },
  }),
  /** A store's orders: a teacher's own; the school store's (or `store`) for its staff. */
  ofStore: call({
    method: 'GET',
    path: '/api/v2/order/teacher/',
    action: 'orders:readStore',
    cached: true,
    tags: ['orders'],
    query: orderListQuery,
    response: { 200: z.array(orderResponse) },
  }),
  /** A status (and an estimated delivery) for the chosen students' orders. */
  setStatus: call({
    method: 'POST',
    path: '/api/v2/order/store-manager/',
    action: 'orders:fulfil',
    tags: ['orders'],
    body: storeManagerBody,
    response: { 200: storeManagerResultResponse },
  }),
  /** The fulfilment queue's counts, delivery dates and grades to filter by. */
  managerMeta: call({
    method: 'GET',
    path: '/api/v2/order/store-manager/meta',
    action: 'orders:fulfil',
    cached: true,
    tags: ['orders'],
    query: timeQuery,
    response: { 200: storeManagerMetaResponse },
  }),
  /** One student's orders at a glance (pickup); `id` is the student's. */
  stats: call({
    method: 'GET',
    path: '/api/v2/order/stats/:id',
    action: 'orders:fulfil',
    tags: ['orders'],
    params: idParams,
    query: timeQuery,
    response: { 200: orderStatsResponse },
  }),
  /** An action on one order (a student cancelling, a store packaging or refunding…). */
  act: call({
    method: 'PUT',
    path: '/api/v2/order/:id',
    action: 'orders:act',
    tags: ['orders'],
    params: idParams,
    body: orderActionBody,
    response: { 200: orderResponse },
  }),
};
