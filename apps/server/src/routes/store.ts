import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { sendJsonText } from '../lib/serializer.js';
import { storeMeta } from '../modules/store/service.js';

/** What the store screens need besides the products. */
export const storeRoutes = routesOf('store', API.store, (app) => ({
  meta: async (req) => sendJsonText(await storeMeta(app.db, me(req))),
}));
