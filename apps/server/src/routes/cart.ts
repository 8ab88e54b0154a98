import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { clearCart, getCart, setCart } from '../modules/cart/service.js';

/** The student's cart, kept on the server. */
export const cartRoutes = routesOf('cart', API.cart, (app) => ({
  get: async (req) => getCart(app.db, me(req)),
  set: async (req) => setCart(app.db, me(req), req.body),
  clear: async (req) => clearCart(app.db, me(req)),
}));
