import { districtOf } from '../../access/districts.js';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import {
  allows,
  EXPORT_FILES,
  EXPORT_HOURS,
  exportFilesFor,
  exportHeader,
  exportReadme,
  exportRow,
  msg,
  type Action,
  type DataExport,
  type ExportBody,
  type ExportFile,
} from '@app/domain';
import { mayDo, requireScope } from '../../access/permission.js';
import { rowsOf, type Db, type Queryable } from '../../db/client.js';
import { dataExports, schools, users } from '../../db/schema.js';
import { subjectOf, type AuthUser } from '../../lib/auth-context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { EXPORT_DERIVED, EXPORT_QUERIES } from './tables.js';

type ExportRow = typeof dataExports.$inferSelect;

/** The pg-boss queue whose job fills one export ({ id }). */
export const DATA_EXPORT_QUEUE = 'data-export';

/** Rows read and written at a time: bounds the memory whatever the size of the school. */
const PAGE = 5000;

const present = (r: ExportRow): DataExport => ({
  _id: r.id,
  scope: r.scope,
  status: r.status,
  done: r.done,
  total: r.total,
  bytes: r.fileBytes,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
});

/**
 * Who may see an export: admins of the requester's school for a school export; for a district
 * export, whoever may export that district (its owners, in any of its schools). Others get 404.
 */
async function exportFor(db: Queryable, u: AuthUser, id: string): Promise<ExportRow> {
  if (!isUuid(id)) throw notFound(msg('msg.exportNotFound'));
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  if (!row) throw notFound(msg('msg.exportNotFound'));
  if (row.scope === 'school' && row.schoolId === u.schoolId) return row;
  if (
    row.scope === 'district' &&
    row.districtId === districtOf(u) &&
    mayDo(u, 'data:exportDistrict')
  )
    return row;
  throw notFound(msg('msg.exportNotFound'));
}

/** POST exports: a queued export of the school (or the district) that `run` will fill. */
export async function requestExport(
  db: Db,
  u: AuthUser,
  body: ExportBody,
  run: (job: ExportJob) => Promise<void>,
): Promise<DataExport> {
  const district = body.scope === 'district';
  if (district) requireScope(u, 'data:exportDistrict');
  const [busy] = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.schoolId, u.schoolId),
        eq(dataExports.scope, body.scope),
        inArray(dataExports.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  if (busy) throw conflict(msg('msg.exportRunning'));
  const [row] = await db
    .insert(dataExports)
    .values({
      schoolId: u.schoolId,
      scope: body.scope,
      districtId: district ? districtOf(u) : null,
      requestedBy: u.id,
    })
    .returning();
  await run({ schoolId: row!.schoolId, id: row!.id });
  return present(row!);
}

/** GET exports: the user's school's latest exports (and their district's, for its owners). */
export async function listExports(db: Queryable, u: AuthUser): Promise<DataExport[]> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.schoolId, u.schoolId))
    .orderBy(sql`${dataExports.createdAt} desc`)
    .limit(20);
  const district = mayDo(u, 'data:exportDistrict');
  return rows
    .filter((r) => r.scope === 'school' || (district && r.districtId === districtOf(u)))
    .map(present);
}

export async function exportStatus(db: Queryable, u: AuthUser, id: string): Promise<DataExport> {
  return present(await exportFor(db, u, id));
}

/** GET exports/{id}/download: the zip while it is kept (24 hours), else 404. */
export async function exportFile(
  db: Queryable,
  u: AuthUser,
  id: string,
): Promise<{ name: string; data: Buffer }> {
  const row = await exportFor(db, u, id);
  // Kept while the database's clock, which set `expires_at`, says so.
  const [live] = await db
    .select({ yes: sql<boolean>`${dataExports.expiresAt} > now()` })
    .from(dataExports)
    .where(eq(dataExports.id, row.id));
  if (row.status !== 'done' || !row.file || !row.expiresAt || !live?.yes)
    throw notFound(row.status === 'done' ? msg('msg.exportExpired') : msg('msg.exportNotReady'));
  const [s] = await db
    .select({ code: schools.externalId })
    .from(schools)
    .where(eq(schools.id, row.schoolId));
  const day = row.createdAt.toISOString().slice(0, 10);
  return {
    name: `${row.scope === 'district' ? 'district' : (s?.code ?? 'school')}-export-${day}.zip`,
    data: Buffer.from(row.file),
  };
}

/** The schools an export covers. */
async function schoolsOf(db: Queryable, row: ExportRow): Promise<{ id: string; code: string }[]> {
  const where =
    row.scope === 'district'
      ? eq(schools.districtId, row.districtId!)
      : eq(schools.id, row.schoolId);
  return db
    .select({ id: schools.id, code: schools.externalId })
    .from(schools)
    .where(where)
    .orderBy(asc(schools.externalId));
}

/**
 * Whether the person who asked for the export may do `action` as the job runs (a sensitive file's
 * right: demographics are `reports:equity`'s). Nobody known (the requester removed or gone) may not.
 */
async function requesterMay(db: Queryable, row: ExportRow, action: Action): Promise<boolean> {
  if (!row.requestedBy) return false;
  const [r] = await db
    .select({ user: users, school: schools })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(
      and(eq(users.schoolId, row.schoolId), eq(users.id, row.requestedBy), isNull(users.leftAt)),
    );
  if (!r) return false;
  // No sensitive file's right depends on the classes a person teaches: periodCount stays 0.
  return allows(subjectOf({ ...r.user, school: r.school, periodCount: 0, tokenHash: '' }), action);
}

const inSchools = (ids: string[]): SQL =>
  sql`(${sql.join(
    ids.map((i) => sql`${i}::uuid`),
    sql`, `,
  )})`;

/** The data-export job's payload: the export's key, school first like every key. */
export interface ExportJob {
  schoolId: string;
  id: string;
}

/**
 * Fills an export (the data-export job): claims it once (a second delivery finds it taken), then
 * writes each file a page at a time into a streamed zip, counting rows into `done` of `total`
 * as it goes, and keeps the zip in the row for EXPORT_HOURS. Each file is read on its own, not as
 * one snapshot of the whole school (docs/decisions/094-data-exports.md).
 */
export async function runExport(db: Db, job: ExportJob): Promise<void> {
  const { id } = job;
  const mine = and(eq(dataExports.schoolId, job.schoolId), eq(dataExports.id, id));
  const [row] = await db
    .update(dataExports)
    .set({ status: 'running' })
    .where(and(mine, eq(dataExports.status, 'queued')))
    .returning();
  if (!row) return;
  try {
    const list = await schoolsOf(db, row);
    const ids = inSchools(list.map((s) => s.id));
    // Sensitive files only for a requester who may read them; left out (and out of README.txt) else.
    const may = new Map<Action, boolean>();
    for (const f of EXPORT_FILES)
      if (f.sensitive && !may.has(f.sensitive.action))
        may.set(f.sensitive.action, await requesterMay(db, row, f.sensitive.action));
    const files = exportFilesFor((action) => may.get(action) === true);
    let total = 0;
    for (const f of files) {
      const q = EXPORT_QUERIES[f.file]!;
      const [c] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from (${q(ids, null)}) x`),
      );
      total += Number(c?.n ?? 0);
    }
    await db.update(dataExports).set({ total }).where(mine);

    const parts: Uint8Array[] = [];
    let failed: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failed = err;
      else parts.push(chunk);
    });
    const readme = new ZipPassThrough('README.txt');
    zip.add(readme);
    readme.push(
      new TextEncoder().encode(
        exportReadme(
          row.scope,
          list.map((s) => s.code),
          new Date(),
          files,
        ),
      ),
      true,
    );
    let done = 0;
    for (const f of files) done = await writeFile(db, zip, f, ids, job, done);
    zip.end();
    if (failed) throw failed;
    const file = Buffer.concat(parts);
    await db
      .update(dataExports)
      .set({
        status: 'done',
        done: total,
        file,
        fileBytes: file.length,
        finishedAt: sql`now()`,
        expiresAt: sql`now() + make_interval(hours => ${EXPORT_HOURS})`,
      })
      .where(mine);
  } catch (err) {
    await db
      .update(dataExports)
      .set({
        status: 'failed',
        message: 'The export failed: please try again.',
        finishedAt: sql`now()`,
      })
      .where(mine);
    throw err;
  }
}

/** One CSV file of the zip, read by pages in the order of its key. */
async function writeFile(
  db: Db,
  zip: Zip,
  f: ExportFile,
  ids: SQL,
  job: ExportJob,
  doneBefore: number,
): Promise<number> {
  const entry = new ZipDeflate(f.file, { level: 6 });
  zip.add(entry);
  const enc = new TextEncoder();
  entry.push(enc.encode(exportHeader(f)));
  const q = EXPORT_QUERIES[f.file]!;
  let done = doneBefore;
  let after: string | null = null;
  for (;;) {
    const page: unknown = await db.execute(sql`${q(ids, after)} limit ${PAGE}`);
    const rows: (Record<string, unknown> & { _key: string })[] = rowsOf(page);
    const derive = EXPORT_DERIVED[f.file];
    if (rows.length)
      entry.push(
        enc.encode(rows.map((r) => exportRow(f, derive ? { ...r, ...derive(r) } : r)).join('')),
      );
    done += rows.length;
    await db
      .update(dataExports)
      .set({ done })
      .where(and(eq(dataExports.schoolId, job.schoolId), eq(dataExports.id, job.id)));
    if (rows.length < PAGE) break;
    after = rows.at(-1)!._key;
  }
  entry.push(new Uint8Array(0), true);
  return done;
}

/** The hourly cleanup: exports past their 24 hours (and failed ones a day old) are deleted. */
export async function removeExpiredExports(db: Db): Promise<void> {
  await db
    .delete(dataExports)
    .where(and(isNotNull(dataExports.expiresAt), lt(dataExports.expiresAt, sql`now()`)));
  await db
    .delete(dataExports)
    .where(
      and(
        eq(dataExports.status, 'failed'),
        lt(dataExports.createdAt, sql`now() - make_interval(hours => ${EXPORT_HOURS})`),
      ),
    );
}
