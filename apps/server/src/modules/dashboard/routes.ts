import {
  academicProjectionsResponse,
  dashboardStatsQuery,
  dashboardStatsResponse,
  projectionsQuery,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { academicProjections } from './projections.js';
import { dashboardStats } from './stats.js';

/** The student dashboard's calls: a student their own, staff a student they may read (`studentId`). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/utility/student/dashboard/stats',
    {
      config: { action: 'students:read', cached: true },
      schema: {
        tags: ['dashboard'],
        querystring: dashboardStatsQuery,
        response: { 200: dashboardStatsResponse },
      },
    },
    async (req) => dashboardStats(app.db, me(req), req.query),
  );

  app.get(
    '/utility/student/academic-projections',
    {
      config: { action: 'students:read' },
      schema: {
        tags: ['dashboard'],
        description:
          'Projected balance, gem tier and member level at the end of each remaining pay period (the calendar months of the school year) from the student’s pace.',
        querystring: projectionsQuery,
        response: { 200: academicProjectionsResponse },
      },
    },
    async (req) => academicProjections(app.db, me(req), req.query.studentId),
  );
};
