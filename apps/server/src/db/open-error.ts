/**
 * One line for a database that cannot be opened at start, instead of the driver's stack from the
 * first migration: what failed and where, never the password.
 */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/** Where a `postgres://` URL points, as `host:port` (the password left out). */
export function whereOf(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || decodeURIComponent(u.searchParams.get('host') ?? '') || 'localhost';
    return `${host}:${u.port || '5432'}`;
  } catch {
    return 'the DATABASE_URL given (not a valid URL)';
  }
}

/** Says in one line why PostgreSQL at `url` could not be used. */
export function describePostgresError(err: unknown, url: string): string {
  const where = whereOf(url);
  const e = err as { code?: string; message?: string; errors?: { code?: string }[] };
  // A host with several addresses fails with an AggregateError whose parts carry the code.
  const code = e?.code ?? e?.errors?.find((x) => x?.code)?.code;
  if (code && REASONS[code]) return `cannot reach PostgreSQL at ${where}: ${REASONS[code]}`;
  if (code === '3D000') return `PostgreSQL at ${where}: database ${databaseOf(url)} does not exist`;
  if (/timeout/i.test(e?.message ?? '')) return `cannot reach PostgreSQL at ${where}: timed out`;
  return `PostgreSQL at ${where}: ${oneLine(e?.message ?? String(err))}`;
}

function databaseOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.slice(1)) || '(default)';
  } catch {
    return '(unknown)';
  }
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Says in one line why the embedded database in `dir` could not be opened. */
export const describePgliteError = (err: unknown, dir: string | undefined): string =>
  `cannot open the embedded database${dir ? ` in ${dir}` : ''}: ${oneLine((err as Error)?.message ?? String(err))}`;
