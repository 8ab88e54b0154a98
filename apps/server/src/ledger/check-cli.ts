import path from 'node:path';
import { parseEnv } from '../env.js';
import { openDatabase } from '../db/client.js';
import { checkBooks } from './check.js';

/** `npm run db:check`: recomputes every school's books from the ledger; exits 1 on any drift. */
const env = parseEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.resolve(env.DATA_DIR),
});
const { lines, drifted } = await checkBooks(database.db);
console.log(lines.join('\n'));
await database.close();
process.exit(drifted ? 1 : 0);
