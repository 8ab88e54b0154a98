import { sql, type SQL } from 'drizzle-orm';

/**
 * One array parameter in PostgreSQL's literal form, so a thousand-row write is a handful of
 * parameters fed to unnest() rather than thousands (drizzle expands JS arrays into lists).
 */
export function pgArray(
  values: ReadonlyArray<string | number | null>,
  type: 'uuid' | 'text' | 'int' | 'bigint' | 'date',
): SQL {
  const body = values
    .map((v) =>
      v === null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    )
    .join(',');
  return sql`${`{${body}}`}::${sql.raw(type)}[]`;
}
