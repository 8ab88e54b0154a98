import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { idempotent } from '../lib/idempotency.js';
import { actOnOrder, storeManagerUpdate } from '../modules/orders/act.js';
import { buyCustomization } from '../modules/orders/customize.js';
import {
  listStoreOrders,
  listStudentOrders,
  orderStats,
  storeManagerMeta,
} from '../modules/orders/list.js';
import { placeOrder, placeOrderAtOnce } from '../modules/orders/place.js';

/** Orders, under /api/v2 (docs/spec.md section 7). */
export const orderRoutes = routesOf('order', API.order, (app) => ({
  place: async (req, reply) =>
    idempotent(
      app.db,
      req,
      reply,
      (tx, user) => placeOrder(tx, user, req.body),
      (user, keep) => placeOrderAtOnce(app.db, user, req.body, keep),
    ),
  buyCustomization: async (req, reply) =>
    idempotent(app.db, req, reply, (tx, user) => buyCustomization(tx, user, req.body)),
  mine: async (req) => listStudentOrders(app.db, me(req), req.query),
  ofStore: async (req) => listStoreOrders(app.db, me(req), req.query),
  setStatus: async (req) => storeManagerUpdate(app.db, me(req), req.body),
  managerMeta: async (req) => storeManagerMeta(app.db, me(req)),
  stats: async (req) => orderStats(app.db, me(req), req.params.id),
  act: async (req) => actOnOrder(app.db, me(req), req.params.id, req.body),
}));
