import { z } from 'zod';
import {
  profileCustomizationBody,
  profileCustomizationResponse,
  storeMetaResponse,
  storeStateBody,
  storeStateResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { sendJsonText } from '../../lib/serializer.js';
import { setProfileCustomization, setStoreState, storeMeta } from './service.js';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store/meta',
    {
      config: { action: 'store:browse', cached: true },
      schema: {
        tags: ['store'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: storeMetaResponse },
      },
    },
    async (req) => sendJsonText(await storeMeta(app.db, me(req))),
  );

  app.put(
    '/settings/store',
    {
      config: { action: 'settings:store' },
      schema: { tags: ['settings'], body: storeStateBody, response: { 200: storeStateResponse } },
    },
    async (req) => setStoreState(app.db, me(req), req.body),
  );

  app.put(
    '/profile/customization',
    {
      config: { action: 'orders:customize' },
      schema: {
        tags: ['store'],
        body: profileCustomizationBody,
        response: { 200: profileCustomizationResponse },
      },
    },
    async (req) => setProfileCustomization(app.db, me(req), req.body),
  );
};
