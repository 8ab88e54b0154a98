import { z } from 'zod';
import { exportBody, exportResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import {
  DATA_EXPORT_QUEUE,
  type ExportJob,
  exportFile,
  exportStatus,
  listExports,
  requestExport,
  runExport,
} from './service.js';

const idParams = z.object({ id: z.string().max(100) });

/** Data exports (settings, admins): request one, follow its progress, download the zip. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.post(
    '/exports',
    {
      config: { action: 'data:export', answers: [409] },
      schema: {
        tags: ['settings'],
        description:
          "Starts an export of the school's data (scope district: every school of the district, for its owners) as a zip of CSV files with a README; answers 202 with the export to poll at GET exports/{id}. 409 while one is being made.",
        body: exportBody,
        response: { 202: exportResponse },
      },
    },
    async (req, reply) =>
      reply.status(202).send(await requestExport(app.db, me(req), req.body, run)),
  );

  app.get(
    '/exports',
    {
      config: { action: 'data:export' },
      schema: {
        tags: ['settings'],
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: z.array(exportResponse) },
      },
    },
    async (req) => listExports(app.db, me(req)),
  );

  app.get(
    '/exports/:id',
    {
      config: { action: 'data:export' },
      schema: { tags: ['settings'], params: idParams, response: { 200: exportResponse } },
    },
    async (req) => exportStatus(app.db, me(req), req.params.id),
  );

  app.get(
    '/exports/:id/download',
    {
      config: {
        action: 'data:export',
        documentedFile: {
          contentType: 'application/zip',
          description:
            'The zip: one CSV file per kind of record and README.txt; for 24 hours after it is made.',
        },
      },
      schema: { tags: ['settings'], params: idParams },
    },
    async (req, reply) => {
      const file = await exportFile(app.db, me(req), req.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.data);
    },
  );
};
