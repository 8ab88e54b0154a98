import { eq } from 'drizzle-orm';
import { lastSchoolDay } from '@app/domain';
import type { Db } from '../../src/db/client.js';
import { activityTypes } from '../../src/db/schema.js';
import { loadCalendar } from '../../src/modules/calendar/service.js';
import type { SchoolRow } from './factories.js';

/** The latest school day up to today for a factory school (the default date of a give). */
export async function schoolDay(db: Db, school: SchoolRow): Promise<string> {
  const cal = await loadCalendar(db, school);
  const d = lastSchoolDay(cal, cal.today);
  if (!d) throw new Error('no school day in the factory year');
  return d;
}

export async function typeByName(db: Db, school: SchoolRow, name: string) {
  const rows = await db.select().from(activityTypes).where(eq(activityTypes.schoolId, school.id));
  const t = rows.find((r) => r.name === name);
  if (!t) throw new Error(`no activity type ${name}`);
  return t;
}

export { ledgerDrift } from '../../src/ledger/drift.js';
