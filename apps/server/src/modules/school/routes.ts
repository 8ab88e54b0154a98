import { z } from 'zod';
import { gradeLevelResponse, houseResponse, rosterStudentResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { gradeLevels, schoolHouses, schoolStudents } from './service.js';

export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/school/grade-levels',
    {
      config: { action: 'school:read' },
      schema: { tags: ['school'], response: { 200: z.array(gradeLevelResponse) } },
    },
    async (req) => gradeLevels(app.db, me(req).schoolId),
  );

  // Students of the school for whole-school giving and look-ups (admins, give-all, teachers allowed to give to all).
  app.get(
    '/school/students',
    {
      config: { action: 'students:list' },
      schema: { tags: ['school'], response: { 200: z.array(rosterStudentResponse) } },
    },
    async (req) => schoolStudents(app.db, me(req).schoolId),
  );

  app.get(
    '/school/houses',
    {
      config: { action: 'school:read' },
      schema: { tags: ['school'], response: { 200: z.array(houseResponse) } },
    },
    async (req) => schoolHouses(app.db, me(req).schoolId),
  );
};
