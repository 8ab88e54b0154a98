import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/test/**/*.test.ts'],
          setupFiles: ['vitest.setup.ts', 'apps/server/test/helpers/test-clock.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['vitest.setup.ts', 'apps/server/test/helpers/test-clock.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          setupFiles: ['vitest.setup.ts', 'apps/server/test/helpers/test-clock.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A file waits on its database and on argon2 much of its time: two at once even on two
          // cores (vitest's default there is one), which halves the suite's time.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/cluster/**'],
          globalSetup: ['e2e/helpers/global-setup.ts'],
          setupFiles: ['vitest.setup.ts', 'e2e/helpers/clock-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As long as a Playwright action waits (10 s): a page on a busy machine may take over a second.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        // npm run test:cluster: servers behind HAProxy on PostgreSQL (docs/decisions/100-faults-in-ci.md).
        test: {
          name: 'cluster',
          include: ['e2e/cluster/**/*.test.ts'],
          setupFiles: ['vitest.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
