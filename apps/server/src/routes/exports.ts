import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import {
  DATA_EXPORT_QUEUE,
  type ExportJob,
  exportFile,
  exportStatus,
  listExports,
  requestExport,
  runExport,
} from '../modules/exports/service.js';

/** Data exports (settings, admins): request one, follow its progress, download the zip. */
export const exportsRoutes = routesOf('exports', API.exports, (app) => {
  // Without a job queue (JOBS=false) an export runs in this server; closing waits for it.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });
  const run = async (job: ExportJob) => {
    const queue = app.jobQueue.current;
    if (queue) {
      await queue.send(DATA_EXPORT_QUEUE, job);
      return;
    }
    const p = runExport(app.db, job)
      .catch((err) => app.log.error({ err }, 'data export failed'))
      .finally(() => running.delete(p));
    running.add(p);
  };

  return {
    start: async (req, reply) =>
      reply.status(202).send(await requestExport(app.db, me(req), req.body, run)),
    list: async (req) => listExports(app.db, me(req)),
    status: async (req) => exportStatus(app.db, me(req), req.params.id),
    download: async (req, reply) => {
      const file = await exportFile(app.db, me(req), req.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.data);
    },
  };
});
