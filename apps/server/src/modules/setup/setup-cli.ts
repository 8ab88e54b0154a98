import path from 'node:path';
import { migrateDatabase, openDatabase } from '../../db/client.js';
import { parseEnv, publicUrl } from '../../env.js';
import { HttpError } from '../../lib/errors.js';
import { setupFromShell, SHELL_USAGE, ShellError } from './shell.js';

/** `npm run setup -- …`: see SHELL_USAGE and docs/decisions/075-setup-code.md. */
const env = parseEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.resolve(env.DATA_DIR),
});
let exitCode = 0;
try {
  await migrateDatabase(database);
  const made = await setupFromShell(database.db, process.argv.slice(2), publicUrl(env));
  console.log(
    `Set up. The district owner signs in as ${made.username} after choosing a password here (the link works once, for 7 days):\n${made.link}`,
  );
} catch (err) {
  if (err instanceof ShellError) {
    console.error(`${err.message}\n${SHELL_USAGE}`);
    exitCode = 2;
  } else if (err instanceof HttpError) {
    console.error(err.message);
    exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
process.exit(exitCode);
