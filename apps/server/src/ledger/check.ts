import type { Db } from '../db/client.js';
import { schools } from '../db/schema.js';
import { ledgerDrift } from './drift.js';

/** What `npm run db:check` does: every school's books recomputed from the ledger, a line each, and how many rows drift. */
export async function checkBooks(db: Db): Promise<{ lines: string[]; drifted: number }> {
  const lines: string[] = [];
  let drifted = 0;
  for (const s of await db.select().from(schools)) {
    const rows = await ledgerDrift(db, s.id);
    lines.push(`${s.externalId}: ${rows.length ? `${rows.length} rows drift` : 'books balance'}`);
    if (rows.length) lines.push(JSON.stringify(rows.slice(0, 10), null, 2));
    drifted += rows.length;
  }
  return { lines, drifted };
}
