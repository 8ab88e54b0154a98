import { configurationBody, configurationEntryResponse } from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { readConfiguration, writeConfiguration } from './service.js';

const params = z.object({ id: z.string().trim().min(1).max(100) });

/** `{id}` is a scope: 'global' (product-wide entries) or the caller's own school id. */
export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/configuration/:id',
    {
      config: { action: 'configuration:read' },
      schema: {
        tags: ['configuration'],
        params,
        response: { 200: z.array(configurationEntryResponse) },
      },
    },
    async (req) => readConfiguration(app.db, me(req), req.params.id),
  );

  app.post(
    '/configuration/:id',
    {
      config: { action: 'configuration:write' },
      schema: {
        tags: ['configuration'],
        params,
        body: configurationBody,
        response: { 200: configurationEntryResponse },
      },
    },
    async (req) => writeConfiguration(app.db, me(req), req.params.id, req.body),
  );
};
