import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { addHoliday, calendarView, removeHoliday } from '../modules/calendar/holidays.js';

/** The school year, its holidays and whether today is a school day; admins keep the holidays. */
export const calendarRoutes = routesOf('calendar', API.calendar, (app) => ({
  get: async (req) => calendarView(app.db, me(req)),
  addHoliday: async (req) => addHoliday(app.db, me(req), req.body.date, req.body.name),
  removeHoliday: async (req) => removeHoliday(app.db, me(req), req.params.date),
}));
