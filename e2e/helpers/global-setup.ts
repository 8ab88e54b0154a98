import { DEMO_TEMPLATE_ENV, freshDatabase, startServer } from './server.js';

/**
 * Seeds the demo once for the run (a server started at E2E_NOW on a fresh database, then stopped)
 * and leaves it for each test file's server to copy (e2e/helpers/server.ts): a PGlite data
 * directory, or a PostgreSQL database used as a template. Needs the web build, as every e2e does.
 */
export default async function setup() {
  const database = await freshDatabase();
  const server = await startServer({ ...database.env });
  await server.stop();
  const { DATA_DIR, DATABASE_URL } = database.env;
  // The test files' workers start after this and inherit the variable.
  process.env[DEMO_TEMPLATE_ENV] = DATABASE_URL
    ? new URL(DATABASE_URL).pathname.slice(1)
    : DATA_DIR;
  return () => database.drop();
}
