import { z } from 'zod';
import { configurationEntryResponse } from '../responses.js';
import { configIdParam, configurationBody } from '../schemas.js';
import { call } from './define.js';

const tags = ['configuration'];

/** `/api/v1/configuration/{id}`: `id` is a scope, 'global' (product-wide entries) or the caller's own school id. */
export const configuration = {
  get: call({
    method: 'GET',
    path: '/api/v1/configuration/:id',
    action: 'configuration:read',
    tags,
    params: configIdParam,
    response: { 200: z.array(configurationEntryResponse) },
  }),
  /** Writes one entry of the scope. */
  set: call({
    method: 'POST',
    path: '/api/v1/configuration/:id',
    action: 'configuration:write',
    tags,
    params: configIdParam,
    body: configurationBody,
    response: { 200: configurationEntryResponse },
  }),
};
