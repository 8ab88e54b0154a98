import { balanceBody } from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { balanceStats, balancesAt } from './service.js';

export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/utility/student/balance/stats',
    { schema: { tags: ['balances'], querystring: z.object({ studentId: z.string().max(100).optional(), time: z.string().optional() }) } },
    async (req) => balanceStats(app.db, me(req), req.query.studentId),
  );

  app.post('/utility/student/balance', { schema: { tags: ['balances'], body: balanceBody } }, async (req) =>
    balancesAt(app.db, me(req), req.body.endDates, req.body.studentId),
  );
};
