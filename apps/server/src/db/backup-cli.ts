import path from 'node:path';
import { parseEnv } from '../env.js';
import { backupDatabase, BackupError } from './backup.js';

/** `npm run backup [-- DIR]`: writes one backup file (into ./backups by default) and prints its absolute path. */
const env = parseEnv();
try {
  const file = await backupDatabase(
    { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR },
    path.resolve(process.argv[2] ?? 'backups'),
  );
  console.log(file);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
