import { dateQuery, hasRole, idParam } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { listAbsences, markAbsent, unmarkAbsent } from './service.js';

const staffOnly = { allow: (u: { roles: string[] }) => !hasRole(u.roles, 'STUDENT') };
const tags = ['attendance'];
/** The date may come in the query or in the body (the body wins); the school's today when absent. */
const dated = { tags, params: idParam, querystring: dateQuery, body: dateQuery.nullish() };

/** Absences: `{id}` is the student's id. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/activity/absent', { config: staffOnly, schema: { tags, querystring: dateQuery } }, async (req) =>
    listAbsences(app.db, me(req), req.query.date),
  );

  app.post('/activity/absent/:id', { config: staffOnly, schema: dated }, async (req) =>
    markAbsent(app.db, me(req), req.params.id, req.body?.date ?? req.query.date),
  );

  app.delete('/activity/absent/:id', { config: staffOnly, schema: dated }, async (req) =>
    unmarkAbsent(app.db, me(req), req.params.id, req.body?.date ?? req.query.date),
  );
};
