import { sql, type SQL } from 'drizzle-orm';

/** A character that must be escaped inside a quoted array element. */
const SPECIAL = /["\\]/;

/**
 * One array parameter in PostgreSQL's literal form, so a thousand-row write is a handful of
 * parameters fed to unnest() rather than thousands (drizzle expands JS arrays into lists).
 * Numbers are written as they are and only a string that holds a quote or a backslash is escaped
 * (a give builds a dozen arrays of a thousand values: two replaces per value showed in profiles).
 */
export function pgArray(
  values: ReadonlyArray<string | number | null>,
  type: 'uuid' | 'text' | 'int' | 'bigint' | 'date',
): SQL {
  return sql`${pgArrayText(values)}::${sql.raw(type)}[]`;
}

/** The literal text of pgArray, for a prepared statement's placeholder (cast to the array's type there). */
export function pgArrayText(values: ReadonlyArray<string | number | null>): string {
  let body = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) body += ',';
    if (v === null || v === undefined) body += 'NULL';
    else if (typeof v === 'number') body += String(v);
    else if (SPECIAL.test(v)) body += `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    else body += `"${v}"`;
  }
  return `{${body}}`;
}
