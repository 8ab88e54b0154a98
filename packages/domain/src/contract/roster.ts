import { z } from 'zod';
import { MAX_ROSTER_BYTES } from '../constants.js';
import {
  rosterDryRunResponse,
  rosterImportResponse,
  rosterRejectedResponse,
} from '../responses-roster.js';
import { call } from './define.js';

/** The multipart form both roster calls read (documented; the server reads the files itself). */
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

/** `/api/v1/roster` (settings, school admins): OneRoster 1.1 CSV import, its dry run and its progress. */
export const roster = {
  dryRun: call({
    method: 'POST',
    path: '/api/v1/roster/dry-run',
    action: 'roster:import',
    documentedBody: ROSTER_BODY,
    bodyLimit: MAX_ROSTER_BYTES,
    tags: ['settings'],
    description: `The files checked and what importing them would change. ${UPLOAD_DOC}`,
    response: { 200: rosterDryRunResponse },
  }),
  /** Starts the import as a job. */
  start: call({
    method: 'POST',
    path: '/api/v1/roster/import',
    action: 'roster:import',
    documentedBody: ROSTER_BODY,
    bodyLimit: MAX_ROSTER_BYTES,
    tags: ['settings'],
    description: `Imports the files in one transaction, in the background: answers 202 with the import to poll at GET roster/import/{id}; files with problems are refused (400, with them). ${UPLOAD_DOC}`,
    response: { 202: rosterImportResponse, 400: rosterRejectedResponse },
  }),
  /** One import and its progress. */
  status: call({
    method: 'GET',
    path: '/api/v1/roster/import/:id',
    action: 'roster:import',
    tags: ['settings'],
    params: z.object({ id: z.string().max(100) }),
    query: z.object({ time: z.string().optional() }),
    response: { 200: rosterImportResponse },
  }),
};
