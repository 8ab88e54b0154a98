/**
 * CSV of exactly what a report shows: the columns' labels, then the rows as displayed. Instants
 * are written in the school's time zone, and a date column's header names that zone (spec: dates
 * in the school's time zone), so a spreadsheet reader in another zone is not misled.
 */
export interface CsvColumn<R> {
  label: string;
  value: (row: R) => string | number | Date | null | undefined;
  /** A date or time column: its header gets the school's time zone. */
  dated?: boolean;
}

/** One field: quoted when it holds a comma, quote or line break; a leading =,+,-,@ is defused for spreadsheets. */
export function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** 'YYYY-MM-DD HH:mm' of an instant in a time zone. */
export function formatInstant(d: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export function toCsv<R>(
  columns: readonly CsvColumn<R>[],
  rows: readonly R[],
  timeZone: string,
): string {
  const cell = (v: ReturnType<CsvColumn<R>['value']>) =>
    csvField(v instanceof Date ? formatInstant(v, timeZone) : v);
  const lines = [
    columns.map((c) => csvField(c.dated ? `${c.label} (${timeZone})` : c.label)).join(','),
  ];
  for (const r of rows) lines.push(columns.map((c) => cell(c.value(r))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
