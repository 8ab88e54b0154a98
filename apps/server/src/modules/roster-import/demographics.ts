import { and, eq, inArray } from 'drizzle-orm';
import type { DemographicsRow } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { writeImportedDemographics } from '../demographics/service.js';

/**
 * The import's demographics (demographics.csv, read by readDemographics with the roster): written
 * after the people, in the import's transaction, each student found by their sourcedId (their
 * external id). Without the file there are none, and the school's demographics stay as they are.
 */
export async function importDemographics(
  tx: Queryable,
  schoolId: string,
  rows: readonly DemographicsRow[] | undefined,
): Promise<void> {
  if (!rows?.length) return;
  const CHUNK = 1000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const ids = await tx
      .select({ id: users.id, externalId: users.externalId })
      .from(users)
      .where(
        and(
          eq(users.schoolId, schoolId),
          inArray(
            users.externalId,
            part.map((r) => r.sourcedId),
          ),
        ),
      );
    const idOf = new Map(ids.map((x) => [x.externalId, x.id]));
    await writeImportedDemographics(
      tx,
      schoolId,
      part.flatMap((r) => {
        const studentId = idOf.get(r.sourcedId);
        return studentId ? [{ studentId, demographics: r.demographics }] : [];
      }),
    );
  }
}
