import {
  cashierCodeBody,
  cashierCodeParams,
  cashierCodesResponse,
  newCashierCodeResponse,
} from '../counter.js';
import { okResponse } from '../responses.js';
import { call } from './define.js';

/**
 * `/api/v1/cashier-codes` (issue 35): a store manager's codes for store volunteers, each signing in
 * as the school's CASHIER (`auth.loginCashier`) until it ends (at most five hours) or is revoked.
 */
export const cashierCodes = {
  /** The school's codes that have not ended, newest first (never the codes themselves). */
  list: call({
    method: 'GET',
    path: '/api/v1/cashier-codes',
    action: 'cashierCodes:manage',
    tags: ['store'],
    response: { 200: cashierCodesResponse },
  }),
  /** A new code, answered this once. */
  create: call({
    method: 'POST',
    path: '/api/v1/cashier-codes',
    action: 'cashierCodes:manage',
    tags: ['store'],
    body: cashierCodeBody,
    response: { 200: newCashierCodeResponse },
  }),
  /** Ends a code now; whoever signed in with it is signed out. */
  revoke: call({
    method: 'DELETE',
    path: '/api/v1/cashier-codes/:id',
    action: 'cashierCodes:manage',
    tags: ['store'],
    params: cashierCodeParams,
    response: { 200: okResponse },
  }),
};
