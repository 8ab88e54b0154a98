import { unzipSync } from 'fflate';
import {
  MAX_ROSTER_ISSUES,
  msg,
  parseCsv,
  DEMOGRAPHICS_FILE,
  ROSTER_FILES,
  type DemographicsTables,
  type RosterFile,
  type RosterIssue,
  type RosterRow,
  type RosterTables,
} from '@app/domain';
import { badRequest, HttpError } from '../../lib/errors.js';

/** What a .zip may unpack to: a zip bomb is refused before it is unpacked. */
const MAX_UNZIPPED_BYTES = 300 * 1024 * 1024;
/** Rows of one file: a district-wide enrollments.csv fits; memory stays bounded. */
const MAX_ROSTER_ROWS = 1_000_000;

export interface UploadedFile {
  name: string;
  data: Uint8Array;
}

export interface ReadFiles {
  /** The OneRoster files found, by their names. */
  files: string[];
  tables: RosterTables & DemographicsTables;
  /** Problems of the CSV itself (a broken quote, a row with the wrong number of fields): the first ones, and how many. */
  issues: RosterIssue[];
  issueCount: number;
}

/** Keeps the first MAX_ROSTER_ISSUES problems and counts them all. */
class IssueList {
  readonly list: RosterIssue[] = [];
  count = 0;
  push(issue: RosterIssue) {
    if (++this.count <= MAX_ROSTER_ISSUES) this.list.push(issue);
  }
}

const baseName = (name: string) => name.split(/[\\/]/).pop() ?? name;
/** The files read: the five of the roster, and demographics.csv when sent (issue 34). */
type ReadFile = RosterFile | typeof DEMOGRAPHICS_FILE;
const READ_FILES: readonly ReadFile[] = [...ROSTER_FILES, DEMOGRAPHICS_FILE];
const rosterFile = (name: string): ReadFile | undefined =>
  READ_FILES.find((f) => f.toLowerCase() === baseName(name).toLowerCase());

/**
 * The five OneRoster files from what was uploaded: CSV files, a .zip of them, or both. Other CSV
 * files of a OneRoster export (manifest.csv, courses.csv…) are ignored, demographics.csv is read; a file
 * that is neither CSV nor zip is refused.
 */
export function readUpload(uploads: readonly UploadedFile[]): ReadFiles {
  if (!uploads.length) throw badRequest(msg('msg.rosterNoFiles'));
  const found = new Map<ReadFile, Uint8Array>();
  for (const u of uploads) {
    const name = baseName(u.name).toLowerCase();
    if (name.endsWith('.zip')) {
      for (const [entry, data] of Object.entries(unzip(u.data))) {
        const f = rosterFile(entry);
        if (f && !found.has(f)) found.set(f, data);
      }
    } else if (name.endsWith('.csv')) {
      const f = rosterFile(name);
      if (f) found.set(f, u.data);
    } else throw badRequest(msg('msg.rosterUnknownFile', { name: baseName(u.name).slice(0, 100) }));
  }
  const tables: RosterTables & DemographicsTables = {};
  const issues = new IssueList();
  for (const [file, data] of found) {
    const t = readCsv(file, data, issues);
    if (t) tables[file] = t;
  }
  return { files: [...found.keys()], tables, issues: issues.list, issueCount: issues.count };
}

function unzip(data: Uint8Array): Record<string, Uint8Array> {
  let unpacked = 0;
  try {
    return unzipSync(data, {
      filter: (f) => {
        if (
          !f.name.toLowerCase().endsWith('.csv') ||
          f.name.includes('__MACOSX') ||
          !rosterFile(f.name)
        )
          return false;
        unpacked += f.originalSize;
        if (unpacked > MAX_UNZIPPED_BYTES)
          throw new HttpError(
            413,
            msg('msg.rosterTooLarge', { mb: MAX_UNZIPPED_BYTES / 1024 / 1024 }),
          );
        return true;
      },
    });
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw badRequest(msg('msg.rosterBadZip'));
  }
}

/** One CSV file as a table (header on line 1); its own problems go to `issues`. */
function readCsv(
  file: ReadFile,
  data: Uint8Array,
  issues: IssueList,
): { columns: string[]; rows: RosterRow[] } | undefined {
  // Our own CSV reader (packages/domain/src/csv-read.ts): csv-parse read 60 MB in minutes here.
  const { records, error, truncated } = parseCsv(
    new TextDecoder().decode(data),
    MAX_ROSTER_ROWS + 1,
  );
  if (error) {
    issues.push({
      file,
      line: error.line,
      reason: msg('msg.rosterNotCsv', { reason: error.reason }),
    });
    return undefined;
  }
  const [head, ...body] = records;
  if (!head) {
    issues.push({ file, line: 1, reason: msg('msg.rosterFileEmpty') });
    return undefined;
  }
  if (truncated) {
    issues.push({ file, line: 0, reason: msg('msg.rosterTooManyRows', { max: MAX_ROSTER_ROWS }) });
    return undefined;
  }
  const columns = head.fields.map((c) => c.trim());
  const rows: RosterRow[] = [];
  for (const { fields, line } of body) {
    if (fields.length !== columns.length) {
      issues.push({
        file,
        line,
        reason: msg('msg.rosterRowFields', { fields: fields.length, columns: columns.length }),
      });
      continue;
    }
    const values: Record<string, string> = {};
    for (let i = 0; i < columns.length; i++) values[columns[i]!] = fields[i]!;
    rows.push({ line, values });
  }
  return { columns, rows };
}
