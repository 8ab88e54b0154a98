import { balanceBody, balancesAtResponse, balanceStatsResponse } from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { balanceStats, balancesAt } from './service.js';

export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/utility/student/balance/stats',
    {
      config: { action: 'students:read', cached: true },
      schema: {
        tags: ['balances'],
        querystring: z.object({
          studentId: z.string().max(100).optional(),
          time: z.string().optional(),
        }),
        response: { 200: balanceStatsResponse },
      },
    },
    async (req) => balanceStats(app.db, me(req), req.query.studentId),
  );

  app.post(
    '/utility/student/balance',
    {
      config: { action: 'students:read' },
      schema: { tags: ['balances'], body: balanceBody, response: { 200: balancesAtResponse } },
    },
    async (req) => balancesAt(app.db, me(req), req.body.endDates, req.body.studentId),
  );
};
