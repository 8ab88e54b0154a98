import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { idempotent } from '../lib/idempotency.js';
import {
  counterProducts,
  counterStudent,
  handOverAtCounter,
  refundAtCounter,
  sellAtCounter,
} from '../modules/counter/service.js';

/**
 * The school store's counter (issue 35, docs/decisions/139-badges-and-counter.md): a student by
 * badge, the products on sale, a sale on the spot and its refund (each at most once per
 * Idempotency-Key), and handing over an order waiting for the student.
 */
export const counterRoutes = routesOf('counter', API.counter, (app) => ({
  student: async (req) => counterStudent(app.db, me(req), req.params.code),
  products: async (req) => counterProducts(app.db, me(req)),
  sell: async (req, reply) =>
    idempotent(app.db, req, reply, (tx, user) => sellAtCounter(tx, user, req.body)),
  refund: async (req, reply) =>
    idempotent(app.db, req, reply, (tx, user) => refundAtCounter(tx, user, req.params.id)),
  handOver: async (req) => handOverAtCounter(app.db, me(req), req.params.id),
}));
