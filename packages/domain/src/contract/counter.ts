import { badgeCodeParams } from '../badges.js';
import {
  counterOrderParams,
  counterProductsResponse,
  counterSaleBody,
  counterSaleResponse,
  counterStudentResponse,
} from '../counter.js';
import { orderResponse } from '../responses-store.js';
import { call } from './define.js';
import { IDEMPOTENCY_KEY_DOC, idempotencyHeaders } from './idempotency.js';

/**
 * `/api/v1/counter` (issue 35): the school store's counter, for store managers, their assistants,
 * admins and a CASHIER signed in with a cashier code (these calls only).
 */
export const counter = {
  /** A student by badge: their balance and their orders waiting to be handed over; 404 for a code of no student of the school. */
  student: call({
    method: 'GET',
    path: '/api/v1/counter/students/by-badge/:code',
    action: 'counter:use',
    answers: [404],
    tags: ['store'],
    params: badgeCodeParams,
    response: { 200: counterStudentResponse },
  }),
  /** The school store's products on sale now. */
  products: call({
    method: 'GET',
    path: '/api/v1/counter/products',
    action: 'counter:use',
    tags: ['store'],
    response: { 200: counterProductsResponse },
  }),
  /** Sells on the spot: a school-store order in the student's name, handed over at once. */
  sell: call({
    method: 'POST',
    path: '/api/v1/counter/sales',
    action: 'counter:use',
    answers: [404, 409],
    tags: ['store'],
    description: `Sells school-store products to a student at the counter: stock and balance change in one transaction, and the order is handed over at once. ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    body: counterSaleBody,
    response: { 200: counterSaleResponse },
  }),
  /** Refunds a sale made at the counter (the last one, as the counter offers it). */
  refund: call({
    method: 'POST',
    path: '/api/v1/counter/sales/:id/refund',
    action: 'counter:use',
    answers: [404, 409],
    tags: ['store'],
    description: `Refunds a counter sale: the Merits go back to the student and the stock to the store. ${IDEMPOTENCY_KEY_DOC}`,
    headers: idempotencyHeaders,
    params: counterOrderParams,
    response: { 200: counterSaleResponse },
  }),
  /** Hands over a pending (or packaged) school-store order: it is redeemed. */
  handOver: call({
    method: 'POST',
    path: '/api/v1/counter/orders/:id/hand-over',
    action: 'counter:use',
    answers: [404, 409],
    tags: ['store'],
    params: counterOrderParams,
    response: { 200: orderResponse },
  }),
};
