import { z } from 'zod';
import { storeMetaResponse } from '../responses-store.js';
import { call } from './define.js';

/** `/api/v1/store`: what the store screens need besides the products. */
export const store = {
  /** Whether the store is open, its next delivery, and the fonts and icons the caller may buy or owns. */
  meta: call({
    method: 'GET',
    path: '/api/v1/store/meta',
    action: 'store:browse',
    cached: true,
    tags: ['store'],
    query: z.object({ time: z.string().optional() }),
    response: { 200: storeMetaResponse },
  }),
};
