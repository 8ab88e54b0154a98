import path from 'node:path';
import { parseEnv } from '../env.js';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { imageStorage } from '../lib/storage.js';
import { isEmpty, seedDemo } from './demo.js';

const env = parseEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.resolve(env.DATA_DIR),
});
await migrateDatabase(database);
if (await isEmpty(database.db))
  console.log((await seedDemo(database.db, imageStorage(env, database.db))).join('\n'));
else console.log('The database already has schools; nothing seeded.');
await database.close();
