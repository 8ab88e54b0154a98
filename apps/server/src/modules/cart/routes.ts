import { z } from 'zod';
import { cartBody, cartResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { clearCart, getCart, setCart } from './service.js';

/** The student's cart, kept on the server. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    {
      config: { action: 'cart:use', cached: true },
      schema: {
        tags: ['cart'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: cartResponse },
      },
    },
    async (req) => getCart(app.db, me(req)),
  );
  app.post(
    '/cart',
    {
      config: { action: 'cart:use' },
      schema: { tags: ['cart'], body: cartBody, response: { 200: cartResponse } },
    },
    async (req) => setCart(app.db, me(req), req.body),
  );
  app.delete(
    '/cart',
    { config: { action: 'cart:use' }, schema: { tags: ['cart'], response: { 200: cartResponse } } },
    async (req) => clearCart(app.db, me(req)),
  );
};
