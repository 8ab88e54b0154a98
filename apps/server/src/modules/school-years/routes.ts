import { z } from 'zod';
import {
  schoolYearBody,
  schoolYearViewResponse,
  yearOpeningBody,
  yearOpeningPreviewResponse,
  yearOpeningResponse,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { openingOf, previewOpening, runOpening, startOpening } from './opening.js';
import { schoolYearView, setSchoolYear } from './service.js';

const tags = ['settings'];
const time = z.object({ time: z.string().optional() });

/** The school year settings tab and opening the next year (docs/decisions/085-opening-the-next-school-year.md). */
export const schoolYearRoutes: FastifyPluginAsyncZod = async (app) => {
  // Openings run here when no job queue runs (JOBS=false); the app waits for them when it closes.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  const runHere = (schoolId: string, openingId: string) => {
    const p = runOpening(app.db, schoolId, openingId)
      .catch((err: unknown) => app.log.error({ err }, 'school year opening failed'))
      .finally(() => running.delete(p));
    running.add(p);
  };

  app.get(
    '/settings/school-year',
    {
      config: { action: 'settings:schoolYear' },
      schema: { tags, querystring: time, response: { 200: schoolYearViewResponse } },
    },
    async (req) => schoolYearView(app.db, me(req)),
  );

  app.put(
    '/settings/school-year',
    {
      config: { action: 'settings:schoolYear', answers: [409] },
      schema: { tags, body: schoolYearBody, response: { 200: schoolYearViewResponse } },
    },
    async (req) => setSchoolYear(app.db, me(req), req.body),
  );

  app.post(
    '/school-years/openings',
    {
      config: { action: 'settings:schoolYear', answers: [409] },
      schema: {
        tags,
        description:
          'Opens the next school year. With dryRun: what it would do, student by student (200), writing nothing. Without: starts it as a job (202) to poll at GET school-years/openings/{id}; asking again answers the same opening and resumes it unless it is done.',
        body: yearOpeningBody,
        response: { 200: yearOpeningPreviewResponse, 202: yearOpeningResponse },
      },
    },
    async (req, reply) => {
      if (req.body.dryRun)
        return reply.status(200).send(await previewOpening(app.db, me(req), req.body));
      const opening = await startOpening(app.db, me(req), req.body, app.jobQueue.current, runHere);
      return reply.status(202).send(opening);
    },
  );

  app.get(
    '/school-years/openings/:id',
    {
      config: { action: 'settings:schoolYear' },
      schema: {
        tags,
        params: z.object({ id: z.string().max(100) }),
        querystring: time,
        response: { 200: yearOpeningResponse },
      },
    },
    async (req) => openingOf(app.db, me(req), req.params.id),
  );
};
