import pg from 'pg';

export interface Target {
  label: string;
  /** A PostgreSQL URL; none for PGlite. */
  url?: string;
}

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

/** The databases a benchmark runs on: PGlite always; PostgreSQL when DATABASE_URL or 127.0.0.1:5432 answers. */
export async function benchTargets(): Promise<Target[]> {
  const targets: Target[] = [{ label: 'PGlite' }];
  const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await reachable(pgUrl)) targets.push({ label: 'PostgreSQL', url: pgUrl });
  return targets;
}
