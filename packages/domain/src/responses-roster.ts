import { z } from 'zod';
import { int } from './response-fields.js';

/** Answers of the roster import (settings, school admins). */

const issue = z.object({ file: z.string(), line: int(), reason: z.string() });
const change = z.object({
  sourcedId: z.string(),
  name: z.string(),
  detail: z.string(),
  fields: z.array(z.string()).optional(),
});
const changeList = z.object({ count: int(), items: z.array(change) });
export const rosterSummary = z.object({
  people: z.object({ add: changeList, change: changeList, remove: changeList }),
  periods: z.object({ add: changeList, change: changeList, remove: changeList }),
  enrollments: z.object({ add: changeList, remove: changeList }),
  coTeachers: z.object({ add: changeList, remove: changeList }),
  /** Guardians' links to their children (docs/decisions/115-guardians.md); absent in imports before them. */
  guardianLinks: z.object({ add: changeList, remove: changeList }).optional(),
});

/** POST roster/dry-run: the problems of the files, or (without errors) what an import would change. */
export const rosterDryRunResponse = z.object({
  files: z.array(z.string()),
  errors: z.array(issue),
  errorCount: int(),
  warnings: z.array(issue),
  warningCount: int(),
  summary: rosterSummary.nullable(),
});
export type RosterDryRun = z.infer<typeof rosterDryRunResponse>;

/** POST roster/import refused: the files' problems (nothing was written). */
export const rosterRejectedResponse = z.object({
  message: z.string(),
  errors: z.array(issue).optional(),
  errorCount: int().optional(),
});
export type RosterRejected = z.infer<typeof rosterRejectedResponse>;

export const ROSTER_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export const ROSTER_IMPORT_PHASES = ['checking', 'writing', 'done', 'failed'] as const;

/** POST roster/import (202) and GET roster/import/{id}: an import's progress and, once done, what it changed. */
export const rosterImportResponse = z.object({
  _id: z.string(),
  status: z.enum(ROSTER_IMPORT_STATUSES),
  phase: z.enum(ROSTER_IMPORT_PHASES),
  /** Rows written so far of `total`; null while not known (another server runs the import). */
  done: int().nullable(),
  total: int().nullable(),
  summary: rosterSummary.nullable(),
  message: z.string().nullable(),
});
export type RosterImport = z.infer<typeof rosterImportResponse>;
