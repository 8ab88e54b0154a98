import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { listNotifications, markNotificationsRead } from '../modules/notifications/service.js';

/** The bell (docs/decisions/108-notifications.md): a student's notifications, polled by the screens. */
export const notificationsRoutes = routesOf('notifications', API.notifications, (app) => ({
  list: async (req) => listNotifications(app.db, me(req)),
  read: async (req) => markNotificationsRead(app.db, me(req), req.body),
}));
