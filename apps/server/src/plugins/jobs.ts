import fp from 'fastify-plugin';
import type { JobQueueRef } from '../lib/job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobQueue: JobQueueRef;
  }
}

/** Where routes send work: empty until boot.ts starts the jobs (never with JOBS=false). */
export const jobsPlugin = fp(
  async (app) => {
    app.decorate('jobQueue', { current: null } as JobQueueRef);
  },
  { name: 'jobs' },
);
