import { z } from 'zod';
import {
  calendarViewResponse,
  dateQuery,
  holidayRemovedResponse,
  holidayResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { addHoliday, calendarView, removeHoliday } from './holidays.js';

const tags = ['calendar'];
const date = dateQuery.shape.date.unwrap();
const holidayBody = z.object({
  date: z.string({ error: 'date is required' }).pipe(date),
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(60, { error: 'name must be at most 60 characters' })
    .default('Holiday'),
});

/** The school year, its holidays and whether today is a school day; admins keep the holidays. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar',
    {
      config: { action: 'calendar:read' },
      schema: {
        tags,
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: calendarViewResponse },
      },
    },
    async (req) => calendarView(app.db, me(req)),
  );

  app.post(
    '/calendar/holidays',
    {
      config: { action: 'calendar:manage' },
      schema: { tags, body: holidayBody, response: { 200: holidayResponse } },
    },
    async (req) => addHoliday(app.db, me(req), req.body.date, req.body.name),
  );

  app.delete(
    '/calendar/holidays/:date',
    {
      config: { action: 'calendar:manage' },
      schema: { tags, params: z.object({ date }), response: { 200: holidayRemovedResponse } },
    },
    async (req) => removeHoliday(app.db, me(req), req.params.date),
  );
};
