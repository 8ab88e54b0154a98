import { z } from 'zod';
import { coTeachersBody, periodDetailResponse, periodResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { getPeriodDetail, listPeriods, setCoTeachers } from './service.js';

const idParams = z.object({ id: z.string().max(100) });

export const periodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/periods',
    {
      config: { action: 'periods:list', cached: true },
      schema: {
        tags: ['periods'],
        querystring: z.object({
          scope: z.enum(['mine', 'school']).default('mine'),
          time: z.string().optional(),
        }),
        response: { 200: z.array(periodResponse) },
      },
    },
    async (req) => listPeriods(app.db, me(req), req.query.scope),
  );

  app.get(
    '/periods/:id',
    {
      config: { action: 'class:view', cached: true },
      schema: { tags: ['periods'], params: idParams, response: { 200: periodDetailResponse } },
    },
    async (req) => getPeriodDetail(app.db, me(req), req.params.id),
  );

  app.put(
    '/periods/:id/co-teachers',
    {
      config: { action: 'periods:coTeachers' },
      schema: {
        tags: ['periods'],
        params: idParams,
        body: coTeachersBody,
        response: { 200: periodResponse },
      },
    },
    async (req) => setCoTeachers(app.db, me(req), req.params.id, req.body.coTeachers),
  );
};
