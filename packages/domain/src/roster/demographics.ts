import {
  DEMOGRAPHIC_FLAGS,
  NO_DEMOGRAPHICS,
  PROGRAM_FIELDS,
  SEXES,
  type DemographicFlag,
  type Demographics,
  type DemographicsRow,
  type ProgramField,
  type Sex,
} from '../pbis/demographics.js';
import { msg, type Message } from '../message.js';
import { USER_ROLES, type RosterPerson } from './model.js';

/*
 * OneRoster's demographics.csv (issue 34): optional beside the five files the import needs. One
 * row per user, by the user's sourcedId: `sex`, the race fields and `hispanicOrLatinoEthnicity` as
 * "true" or "false", and the program columns a student information system adds (docs/rosters.md).
 * Only students' rows are kept. A value the reader does not know is a warning and reads as unknown:
 * demographics never stop an import of the roster itself.
 */

export const DEMOGRAPHICS_FILE = 'demographics.csv';

/** The table of one CSV file, as the import reads every file (roster.ts's RosterTable). */
interface Table {
  columns: readonly string[];
  rows: readonly { line: number; values: Record<string, string> }[];
}
interface Issue {
  file: string;
  line: number;
  reason: Message;
}
/** The optional file beside the roster's tables. */
export interface DemographicsTables {
  'demographics.csv'?: Table;
}

/**
 * The program columns, by field: the first name is the one docs/rosters.md documents; the others
 * are the spellings student information systems export. Matched without regard to case.
 */
export const PROGRAM_COLUMNS: Record<ProgramField, readonly string[]> = {
  englishLearner: [
    'metadata.ell',
    'metadata.englishLearner',
    'metadata.el',
    'metadata.lep',
    'ell',
    'englishLearner',
  ],
  specialEducation: [
    'metadata.iep',
    'metadata.sped',
    'metadata.specialEducation',
    'iep',
    'sped',
    'specialEducation',
  ],
  section504: ['metadata.504', 'metadata.section504', 'metadata.plan504', '504', 'section504'],
  freeReducedLunch: [
    'metadata.frl',
    'metadata.frpl',
    'metadata.freeReducedLunch',
    'metadata.freeOrReducedLunch',
    'frl',
    'freeReducedLunch',
  ],
};

const TRUE = new Set(['true', 'yes', 'y', '1', 't']);
const FALSE = new Set(['false', 'no', 'n', '0', 'f']);

/** "true"/"false" as OneRoster writes them (and yes/no, y/n, 1/0); blank is unknown; anything else undefined. */
export function readYesNo(value: string | undefined): boolean | null | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return null;
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return undefined;
}

/** OneRoster's sex ("male", "female"; "other", "unspecified" in 1.2; m/f accepted); blank is unknown. */
export function readSex(value: string | undefined): Sex | null | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return null;
  if (v === 'm') return 'male';
  if (v === 'f') return 'female';
  return (SEXES as readonly string[]).includes(v) ? (v as Sex) : undefined;
}

export interface DemographicsReading {
  rows: DemographicsRow[];
  errors: Issue[];
  warnings: Issue[];
}

/**
 * Reads demographics.csv against the students of the roster's people. No file: no rows,
 * and the import leaves the school's demographics as they are. A file without `sourcedId` is an
 * error; a row of someone who is not a student of the files, a second row of a student, a
 * `tobedeleted` row are left out (warnings for the first two); a value not understood reads as
 * unknown, with a warning.
 */
export function readDemographics(
  table: Table | undefined,
  people: readonly Pick<RosterPerson, 'sourcedId' | 'role'>[],
): DemographicsReading {
  const out: DemographicsReading = { rows: [], errors: [], warnings: [] };
  const students = new Set(
    people.filter((p) => p.role === USER_ROLES.student).map((p) => p.sourcedId),
  );
  if (!table) return out;
  const file = DEMOGRAPHICS_FILE;
  const byLower = new Map(table.columns.map((c) => [c.toLowerCase(), c]));
  if (!byLower.has('sourcedid')) {
    out.errors.push({
      file,
      line: 1,
      reason: msg('msg.rosterMissingColumn', { columns: 'sourcedId' }),
    });
    return out;
  }
  const column = (names: readonly string[]) =>
    names.map((n) => byLower.get(n.toLowerCase())).find((c) => c !== undefined);
  const columnOf = new Map<DemographicFlag, string | undefined>(
    DEMOGRAPHIC_FLAGS.map((f) => [
      f,
      (PROGRAM_FIELDS as readonly string[]).includes(f)
        ? column(PROGRAM_COLUMNS[f as ProgramField])
        : column([f]),
    ]),
  );
  const sexColumn = column(['sex']);
  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const get = (c: string | undefined) => (c === undefined ? undefined : row.values[c]);
    const id = (get(byLower.get('sourcedid')) ?? '').trim();
    if (!id || (get(byLower.get('status')) ?? '').trim().toLowerCase() === 'tobedeleted') continue;
    const first = seen.get(id);
    if (first !== undefined) {
      out.warnings.push({
        file,
        line: row.line,
        reason: msg('msg.demographicsRepeated', { id, line: first }),
      });
      continue;
    }
    seen.set(id, row.line);
    if (!students.has(id)) {
      out.warnings.push({
        file,
        line: row.line,
        reason: msg('msg.demographicsNotAStudent', { id }),
      });
      continue;
    }
    const d: Demographics = { ...NO_DEMOGRAPHICS };
    const sex = readSex(get(sexColumn));
    if (sex === undefined)
      out.warnings.push({
        file,
        line: row.line,
        reason: msg('msg.demographicsBadSex', { value: get(sexColumn)!.trim() }),
      });
    else d.sex = sex;
    for (const [flag, c] of columnOf) {
      const v = readYesNo(get(c));
      if (v === undefined)
        out.warnings.push({
          file,
          line: row.line,
          reason: msg('msg.demographicsBadFlag', { column: c!, value: get(c)!.trim() }),
        });
      else d[flag] = v;
    }
    out.rows.push({ sourcedId: id, demographics: d });
  }
  return out;
}
