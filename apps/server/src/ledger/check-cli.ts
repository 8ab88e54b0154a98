import path from 'node:path';
import { parseEnv } from '../env.js';
import { openDatabase } from '../db/client.js';
import { schools } from '../db/schema.js';
import { ledgerDrift } from './drift.js';

/** `npm run db:check`: recomputes every school's books from the ledger; exits 1 on any drift. */
const env = parseEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.resolve(env.DATA_DIR),
});
let drifted = 0;
for (const s of await database.db.select().from(schools)) {
  const rows = await ledgerDrift(database.db, s.id);
  console.log(`${s.externalId}: ${rows.length ? `${rows.length} rows drift` : 'books balance'}`);
  if (rows.length) console.log(rows.slice(0, 10));
  drifted += rows.length;
}
await database.close();
process.exit(drifted ? 1 : 0);
