import { z } from 'zod';
import { devPeriodResponse, devUserResponse, schoolInfoResponse } from '../responses.js';
import { call } from './define.js';

const params = z.object({ id: z.string().max(100) });

/** `/api/v1/dev`: developer look-ups, registered only in development mode (404 otherwise). */
export const dev = {
  schools: call({
    method: 'GET',
    path: '/api/v1/dev/schools',
    action: 'dev:use',
    devOnly: true,
    tags: ['dev'],
    response: { 200: z.array(schoolInfoResponse) },
  }),
  /** A school's users (`id` is the school's). */
  users: call({
    method: 'GET',
    path: '/api/v1/dev/users/:id',
    action: 'dev:use',
    devOnly: true,
    tags: ['dev'],
    params,
    response: { 200: z.array(devUserResponse) },
  }),
  /** A school's classes (`id` is the school's). */
  periods: call({
    method: 'GET',
    path: '/api/v1/dev/periods/:id',
    action: 'dev:use',
    devOnly: true,
    tags: ['dev'],
    params,
    response: { 200: z.array(devPeriodResponse) },
  }),
};
