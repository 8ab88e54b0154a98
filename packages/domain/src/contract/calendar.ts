import { z } from 'zod';
import {
  calendarViewResponse,
  holidayRemovedResponse,
  holidayResponse,
} from '../responses-activity.js';
import { dateQuery } from '../schemas-activity.js';
import { call } from './define.js';

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

/** `/api/v1/calendar`: the school year, its holidays and whether today is a school day; admins keep the holidays. */
export const calendar = {
  get: call({
    method: 'GET',
    path: '/api/v1/calendar',
    action: 'calendar:read',
    tags,
    query: z.object({ time: z.string().optional() }),
    response: { 200: calendarViewResponse },
  }),
  addHoliday: call({
    method: 'POST',
    path: '/api/v1/calendar/holidays',
    action: 'calendar:manage',
    tags,
    body: holidayBody,
    response: { 200: holidayResponse },
  }),
  removeHoliday: call({
    method: 'DELETE',
    path: '/api/v1/calendar/holidays/:date',
    action: 'calendar:manage',
    tags,
    params: z.object({ date }),
    response: { 200: holidayRemovedResponse },
  }),
};
