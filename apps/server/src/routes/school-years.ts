import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { localMessage } from '../lib/language.js';
import {
  openingOf,
  previewOpening,
  runOpening,
  startOpening,
} from '../modules/school-years/opening.js';

/** Opening the next school year (docs/decisions/085-opening-the-next-school-year.md). */
export const schoolYearsRoutes = routesOf('schoolYears', API.schoolYears, (app) => {
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

  return {
    open: async (req, reply) => {
      if (req.body.dryRun)
        return reply
          .status(200)
          .send(await previewOpening(app.db, me(req), req.body, (m) => localMessage(req, m)));
      const opening = await startOpening(app.db, me(req), req.body, app.jobQueue.current, runHere);
      return reply.status(202).send(opening);
    },
    opening: async (req) => openingOf(app.db, me(req), req.params.id),
  };
});
