import { z } from 'zod';
import { cartResponse } from '../responses-store.js';
import { cartBody } from '../schemas-store.js';
import { call } from './define.js';

/** `/api/v1/cart`: the student's cart, kept on the server. */
export const cart = {
  get: call({
    method: 'GET',
    path: '/api/v1/cart',
    action: 'cart:use',
    cached: true,
    tags: ['cart'],
    query: z.object({ time: z.string().optional() }),
    response: { 200: cartResponse },
  }),
  /** Replaces the whole cart. */
  set: call({
    method: 'POST',
    path: '/api/v1/cart',
    action: 'cart:use',
    tags: ['cart'],
    body: cartBody,
    response: { 200: cartResponse },
  }),
  clear: call({
    method: 'DELETE',
    path: '/api/v1/cart',
    action: 'cart:use',
    tags: ['cart'],
    response: { 200: cartResponse },
  }),
};
