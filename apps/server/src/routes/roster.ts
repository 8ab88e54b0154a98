import multipart from '@fastify/multipart';
import { API, MAX_ROSTER_BYTES, msg, type Message } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import { localMessage } from '../lib/language.js';
import { badRequest, HttpError } from '../lib/errors.js';
import { readUpload, type UploadedFile } from '../modules/roster-import/files.js';
import { runningJobs } from '../modules/roster-import/jobs.js';
import {
  dryRun,
  importStatus,
  issuesSaid,
  RosterRejected,
  startImport,
} from '../modules/roster-import/service.js';

const TOO_LARGE = msg('msg.rosterTooLarge', { mb: MAX_ROSTER_BYTES / 1024 / 1024 });

/** The uploaded files, read whole (they are parsed whole anyway); over the limit is 413. */
async function uploadedFiles(req: FastifyRequest): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw new HttpError(415, msg('msg.rosterNotMultipart'));
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
    throw badRequest(msg('msg.uploadUnreadable'));
  }
  return out;
}

/** The files' problems go back with the refusal (nothing was written). */
function rejected(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const say = (m: Message) => localMessage(req, m);
  if (err instanceof RosterRejected)
    return reply.status(400).send({
      message: say(err.said),
      errors: issuesSaid(err.errors, say),
      errorCount: err.errorCount,
    });
  throw err;
}

/** OneRoster 1.1 CSV import (settings, school admins): a dry run, the import as a job, its progress. */
export const rosterRoutes = routesOf('roster', API.roster, (app) => {
  // Multipart for these routes only, with this call's own size limit.
  void app.register(multipart, {
    limits: { fileSize: MAX_ROSTER_BYTES + 1, files: 10, fields: 10, parts: 20 },
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled(runningJobs());
  });

  return {
    dryRun: async (req) =>
      dryRun(app.db, me(req), readUpload(await uploadedFiles(req)), (m) => localMessage(req, m)),
    start: {
      handler: async (req, reply) => {
        const files = readUpload(await uploadedFiles(req));
        const job = await startImport(app.database, me(req), files, (err) =>
          req.log.error({ err }, 'roster import failed'),
        );
        return reply.status(202).send(job);
      },
      errorHandler: rejected,
    },
    status: async (req) => importStatus(app.db, me(req), req.params.id),
  };
});
