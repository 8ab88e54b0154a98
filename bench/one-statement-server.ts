/**
 * The ceiling of a read that answers in one statement, in its own process (so it keeps an event
 * loop to itself, as the app does): a bare Fastify whose one route sends one prepared `select 1`
 * through a pool of 10 connections opened as the app opens its pool. argv: the PostgreSQL URL.
 * Prints the URL it listens on, then serves until stdin closes.
 */
import { openDatabase } from '../apps/server/src/db/client.js';
import { oneStatementApp } from './one-statement-app.js';

const database = await openDatabase({ databaseUrl: process.argv[2]!, poolSize: 10 });
const app = oneStatementApp(database);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(url);
process.stdin.resume();
process.stdin.on('end', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
