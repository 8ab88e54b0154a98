import { z } from 'zod';
import { childResponse, unsubscribeQuery } from '../guardians.js';
import { call } from './define.js';

const messageResponse = z.object({ message: z.string() });

/** `/api/v1/guardian` (docs/decisions/115-guardians.md): a guardian's children and the digest's unsubscribe. */
export const guardian = {
  /** The signed-in guardian's children. */
  children: call({
    method: 'GET',
    path: '/api/v1/guardian/children',
    action: 'children:read',
    tags: ['guardians'],
    response: { 200: z.array(childResponse) },
  }),
  /** One click in the digest mail. */
  unsubscribe: call({
    method: 'GET',
    path: '/api/v1/guardian/unsubscribe',
    public: true,
    tags: ['guardians'],
    query: unsubscribeQuery,
    response: { 200: messageResponse },
  }),
  /** The mail program's one-click unsubscribe (RFC 8058): the same as `unsubscribe` (./aliases.ts). */
  unsubscribeOneClick: call({
    method: 'POST',
    path: '/api/v1/guardian/unsubscribe',
    public: true,
    tags: ['guardians'],
    query: unsubscribeQuery,
    response: { 200: messageResponse },
  }),
};
