import type { KnipConfig } from 'knip';

/**
 * Dead-code check (`npm run lint:dead`). Knip's own plugins already take as entry points what the
 * package.json scripts run (apps/server/src/main.ts, the *-cli.ts, bench/run.ts, scripts/ensure-chromium.sh)
 * and the configs they read (vitest.config.ts with its setup files, vite.config.ts, eslint.config.js,
 * .dependency-cruiser.cjs, apps/server/drizzle.config.ts); the entries below are the rest.
 */
const config: KnipConfig = {
  workspaces: {
    '.': {
      // bench/roster-import.ts, bench/profile-summary.ts, bench/explain-reads.ts and scripts/gen-icons.mjs are run by hand (docs/scripts.md, the script's header).
      entry: [
        'e2e/**/*.test.ts',
        'bench/roster-import.ts',
        'bench/profile-summary.ts',
        'bench/explain-reads.ts',
        'scripts/*.mjs',
      ],
      project: ['*.{ts,js,cjs}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.mjs'],
      ignoreDependencies: [
        // bench/load.ts starts autocannon's CLI file in a child process through createRequire().resolve().
        'autocannon',
        // scripts/gen-icons.mjs reads the data file of apps/server's own openmoji dependency.
        'openmoji',
      ],
    },
    'packages/domain': {
      entry: ['test/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    'apps/server': {
      entry: ['src/**/*-cli.ts', 'test/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
    'apps/web': {
      entry: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      project: ['src/**/*.{ts,tsx}', 'build/**/*.ts'],
    },
  },
};

export default config;
