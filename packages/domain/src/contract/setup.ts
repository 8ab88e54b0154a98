import { z } from 'zod';
import { setupBody, setupStatusResponse } from '../district.js';
import { loginResponse } from '../responses.js';
import { call } from './define.js';

/** `/api/v1/setup`: the first start (docs/decisions/075-setup-code.md), refused for good once a school exists. */
export const setup = {
  /** Whether the setup is still open. */
  status: call({
    method: 'GET',
    path: '/api/v1/setup',
    public: true,
    tags: ['setup'],
    query: z.object({ time: z.string().optional() }),
    response: { 200: setupStatusResponse },
  }),
  /** Makes the first school and its owner, and signs the owner in. */
  run: call({
    method: 'POST',
    path: '/api/v1/setup',
    public: true,
    answers: [403, 409, 429],
    tags: ['setup'],
    body: setupBody,
    response: { 200: loginResponse },
  }),
};
