import { z } from 'zod';
import { absenceChangeResponse, absenceEntryResponse, dateQuery, idParam } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { IDEMPOTENCY_KEY_DOC, idempotencyHeaders, idempotent } from '../../lib/idempotency.js';
import { listAbsences, markAbsent, unmarkAbsent } from './service.js';

const tags = ['attendance'];
/** The date may come in the query or in the body (the body wins); the school's today when absent. */
const dated = {
  tags,
  headers: idempotencyHeaders,
  params: idParam,
  querystring: dateQuery,
  body: dateQuery.nullish(),
  response: { 200: absenceChangeResponse },
};

/** Absences: `{id}` is the student's id. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activity/absent',
    {
      config: { action: 'attendance:read' },
      schema: { tags, querystring: dateQuery, response: { 200: z.array(absenceEntryResponse) } },
    },
    async (req) => listAbsences(app.db, me(req), req.query.date),
  );

  app.post(
    '/activity/absent/:id',
    {
      config: { action: 'attendance:mark' },
      schema: {
        ...dated,
        description: `Marks a student absent, taking back the day's attendance points once given. ${IDEMPOTENCY_KEY_DOC}`,
      },
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, (tx, user) =>
        markAbsent(tx, user, req.params.id, req.body?.date ?? req.query.date),
      ),
  );

  app.delete(
    '/activity/absent/:id',
    {
      config: { action: 'attendance:mark' },
      schema: {
        ...dated,
        description: `Removes an absence, giving back the day's attendance points once given. ${IDEMPOTENCY_KEY_DOC}`,
      },
    },
    async (req, reply) =>
      idempotent(app.db, req, reply, (tx, user) =>
        unmarkAbsent(tx, user, req.params.id, req.body?.date ?? req.query.date),
      ),
  );
};
