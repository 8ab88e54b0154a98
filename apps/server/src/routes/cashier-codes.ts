import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import {
  createCashierCode,
  listCashierCodes,
  revokeCashierCode,
} from '../modules/cashier-codes/service.js';

/**
 * Cashier codes (issue 35): a store manager's codes for store volunteers. Signing in with one:
 * routes/auth.ts (`loginCashier`).
 */
export const cashierCodesRoutes = routesOf('cashierCodes', API.cashierCodes, (app) => ({
  list: async (req) => listCashierCodes(app.db, me(req)),
  create: async (req) => createCashierCode(app.db, me(req), req.body),
  revoke: async (req) => {
    await revokeCashierCode(app.db, me(req), req.params.id);
    return { ok: true };
  },
}));
