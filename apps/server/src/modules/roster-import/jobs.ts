import type { RosterImport, RosterSummary } from '@app/domain';

/**
 * The roster imports this server runs, with their live progress (docs/decisions/054-roster-import-job.md). The transaction's
 * writes are invisible to other connections until it commits, so progress is kept here, in the
 * server running it; `roster_imports` holds the outcome for every server.
 */
export interface Job {
  id: string;
  schoolId: string;
  status: RosterImport['status'];
  phase: RosterImport['phase'];
  done: number;
  total: number | null;
  summary: RosterSummary | null;
  message: string | null;
  finishedAt: number | null;
  promise?: Promise<void>;
}

/** Finished jobs are answered from memory this long, then from the database. */
const KEEP_MS = 60 * 60 * 1000;
const jobs = new Map<string, Job>();

export function startJob(id: string, schoolId: string): Job {
  const now = Date.now();
  for (const [k, j] of jobs)
    if (j.finishedAt !== null && now - j.finishedAt > KEEP_MS) jobs.delete(k);
  const job: Job = {
    id,
    schoolId,
    status: 'running',
    phase: 'checking',
    done: 0,
    total: null,
    summary: null,
    message: null,
    finishedAt: null,
  };
  jobs.set(id, job);
  return job;
}

export function finishJob(
  job: Job,
  status: 'done' | 'failed',
  message: string | null = null,
): void {
  job.status = status;
  job.phase = status;
  job.message = message;
  job.finishedAt = Date.now();
  if (status === 'done' && job.total !== null) job.done = job.total;
}

export const jobOf = (id: string): Job | undefined => jobs.get(id);
export const runningJobOf = (schoolId: string): Job | undefined =>
  [...jobs.values()].find((j) => j.schoolId === schoolId && j.status === 'running');
/** Every import still running on this server (the app waits for them when it closes). */
export const runningJobs = (): Promise<void>[] =>
  [...jobs.values()].flatMap((j) => (j.status === 'running' && j.promise ? [j.promise] : []));
