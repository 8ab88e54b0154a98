import pg from 'pg';
import { benchGive, type Figure } from './give.js';
import { benchDatabase } from './setup.js';

/**
 * Benchmarks, each printed against a baseline measured in the same run on the same database.
 * PGlite always; PostgreSQL too when DATABASE_URL is set or a server answers on 127.0.0.1:5432.
 */
async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const targets: { label: string; url?: string }[] = [{ label: 'PGlite' }];
const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
if (await reachable(pgUrl)) targets.push({ label: 'PostgreSQL', url: pgUrl });

const print = (label: string, figures: Figure[]) => {
  console.log(`\n${label}`);
  for (const f of figures)
    console.log(
      `  ${f.name.padEnd(34)} ${f.ms.toFixed(1).padStart(8)} ms  ${f.perActivityUs.toFixed(0).padStart(6)} µs/activity  baseline (plain SQL insert) ${f.baselineMs.toFixed(1).padStart(7)} ms  ratio ${f.ratio.toFixed(2)}x`,
    );
};

for (const t of targets) {
  const database = await benchDatabase(t.url);
  try {
    print(t.label, await benchGive(database));
  } finally {
    await database.close();
  }
}
