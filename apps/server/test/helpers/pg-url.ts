/** The PostgreSQL server tests run against, if any (TEST_DATABASE_URL, else DATABASE_URL). */
export const testDatabaseUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
