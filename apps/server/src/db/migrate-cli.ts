import path from 'node:path';
import { parseEnv } from '../env.js';
import { migrateDatabase, openDatabase } from './client.js';

const env = parseEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.resolve(env.DATA_DIR),
});
await migrateDatabase(database);
await database.close();
console.log(`Migrated the ${database.kind} database.`);
