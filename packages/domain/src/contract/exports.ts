import { z } from 'zod';
import { exportBody, exportResponse } from '../data.js';
import { call } from './define.js';

const idParams = z.object({ id: z.string().max(100) });

/**
 * `/api/v1/exports` (settings, admins): exports of the school's (or district's) data as a zip. Not
 * named `exports`, which a CommonJS build would take for its own.
 */
export const dataExports = {
  start: call({
    method: 'POST',
    path: '/api/v1/exports',
    action: 'data:export',
    answers: [409],
    tags: ['settings'],
    description:
      "Starts an export of the school's data (scope district: every school of the district, for its owners) as a zip of CSV files with a README; answers 202 with the export to poll at GET exports/{id}. 409 while one is being made.",
    body: exportBody,
    response: { 202: exportResponse },
  }),
  list: call({
    method: 'GET',
    path: '/api/v1/exports',
    action: 'data:export',
    tags: ['settings'],
    query: z.object({ time: z.string().optional() }),
    response: { 200: z.array(exportResponse) },
  }),
  /** One export and its progress. */
  status: call({
    method: 'GET',
    path: '/api/v1/exports/:id',
    action: 'data:export',
    tags: ['settings'],
    params: idParams,
    response: { 200: exportResponse },
  }),
  download: call({
    method: 'GET',
    path: '/api/v1/exports/:id/download',
    action: 'data:export',
    tags: ['settings'],
    params: idParams,
    file: {
      contentType: 'application/zip',
      description:
        'The zip: one CSV file per kind of record and README.txt; for 24 hours after it is made.',
    },
  }),
};
