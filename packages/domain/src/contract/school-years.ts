import { z } from 'zod';
import {
  yearOpeningBody,
  yearOpeningPreviewResponse,
  yearOpeningResponse,
} from '../school-years.js';
import { call } from './define.js';

const tags = ['settings'];

/** `/api/v1/school-years`: opening the next school year (docs/decisions/085-opening-the-next-school-year.md). */
export const schoolYears = {
  /** With `dryRun` a preview (200); without, the opening started as a job (202). */
  open: call({
    method: 'POST',
    path: '/api/v1/school-years/openings',
    action: 'settings:schoolYear',
    answers: [409],
    tags,
    description:
      'Opens the next school year. With dryRun: what it would do, student by student (200), writing nothing. Without: starts it as a job (202) to poll at GET school-years/openings/{id}; asking again answers the same opening and resumes it unless it is done.',
    body: yearOpeningBody,
    response: { 200: yearOpeningPreviewResponse, 202: yearOpeningResponse },
  }),
  /** An opening's progress. */
  opening: call({
    method: 'GET',
    path: '/api/v1/school-years/openings/:id',
    action: 'settings:schoolYear',
    tags,
    params: z.object({ id: z.string().max(100) }),
    query: z.object({ time: z.string().optional() }),
    response: { 200: yearOpeningResponse },
  }),
};
