import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  MSG,
  rosterDryRunResponse,
  rosterImportResponse,
  rosterRejectedResponse,
} from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { MAX_ROSTER_BYTES, readUpload, type UploadedFile } from './files.js';
import { runningJobs } from './jobs.js';
import { dryRun, importStatus, RosterRejected, startImport } from './service.js';

const TOO_LARGE = MSG.rosterTooLarge(MAX_ROSTER_BYTES / 1024 / 1024);
/** The multipart form both roster calls read (documented; the files are read by readUpload). */
const ROSTER_BODY = {
  contentTypes: ['multipart/form-data'],
  schema: {
    type: 'object',
    description:
      'File parts under any field name; each file is known by its name: a .zip of the OneRoster CSV files, or orgs.csv, academicSessions.csv, users.csv, classes.csv and enrollments.csv.',
    properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } },
  },
};
const UPLOAD_DOC = `multipart/form-data: a .zip of the OneRoster 1.1 CSV files, or the files orgs.csv, academicSessions.csv, users.csv, classes.csv and enrollments.csv (at most ${MAX_ROSTER_BYTES / 1024 / 1024} MB in all).`;

/** The uploaded files, read whole (they are parsed whole anyway); over the limit is 413. */
async function uploadedFiles(req: FastifyRequest): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw new HttpError(415, MSG.rosterNotMultipart);
  const out: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      total += data.length;
      if (total > MAX_ROSTER_BYTES) throw new HttpError(413, TOO_LARGE);
      out.push({ name: part.filename || 'unnamed', data });
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, TOO_LARGE);
    throw badRequest('The upload could not be read: send it again.');
  }
  return out;
}

/** The files' problems go back with the refusal (nothing was written). */
function rejected(err: unknown, _req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof RosterRejected)
    return reply
      .status(400)
      .send({ message: err.message, errors: err.errors, errorCount: err.errorCount });
  throw err;
}

/** OneRoster 1.1 CSV import (settings, school admins): a dry run, the import as a job, its progress. */
export const rosterImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart for these routes only, with this call's own size limit.
  await app.register(multipart, {
    limits: { fileSize: MAX_ROSTER_BYTES + 1, files: 10, fields: 10, parts: 20 },
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled(runningJobs());
  });

  app.post(
    '/roster/dry-run',
    {
      config: { action: 'roster:import', documentedBody: ROSTER_BODY },
      bodyLimit: MAX_ROSTER_BYTES,
      schema: {
        tags: ['settings'],
        description: `The files checked and what importing them would change. ${UPLOAD_DOC}`,
        response: { 200: rosterDryRunResponse },
      },
    },
    async (req) => dryRun(app.db, me(req), readUpload(await uploadedFiles(req))),
  );

  app.post(
    '/roster/import',
    {
      config: { action: 'roster:import', documentedBody: ROSTER_BODY },
      bodyLimit: MAX_ROSTER_BYTES,
      errorHandler: rejected,
      schema: {
        tags: ['settings'],
        description: `Imports the files in one transaction, in the background: answers 202 with the import to poll at GET roster/import/{id}; files with problems are refused (400, with them). ${UPLOAD_DOC}`,
        response: { 202: rosterImportResponse, 400: rosterRejectedResponse },
      },
    },
    async (req, reply) => {
      const files = readUpload(await uploadedFiles(req));
      const job = await startImport(app.database, me(req), files, (err) =>
        req.log.error({ err }, 'roster import failed'),
      );
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/roster/import/:id',
    {
      config: { action: 'roster:import' },
      schema: {
        tags: ['settings'],
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ time: z.string().optional() }),
        response: { 200: rosterImportResponse },
      },
    },
    async (req) => importStatus(app.db, me(req), req.params.id),
  );
};
