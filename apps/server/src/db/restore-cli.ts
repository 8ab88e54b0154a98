import path from 'node:path';
import { parseEnv } from '../env.js';
import { BackupError, restoreDatabase } from './backup.js';

/** `npm run restore -- FILE`: loads a backup into the empty database DATABASE_URL or DATA_DIR names. */
const env = parseEnv();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
try {
  await restoreDatabase(
    { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR },
    path.resolve(file),
  );
  console.log(
    `Restored ${path.resolve(file)} into the ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} database.`,
  );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
