import { sql } from 'drizzle-orm';
import { HOUSE_COLORS, HOUSES, SCHOOL_MSG, type NewSchoolBody } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { districts, houses, schools } from '../../db/schema.js';
import type { SchoolRow } from '../../lib/auth-context.js';
import { conflict } from '../../lib/errors.js';
import { createDefaultActivityTypes } from '../../seed/activity-types.js';
import { createCurrentYear } from '../calendar/service.js';

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * The one way a school is made (docs/decisions/076-one-way-to-create-a-school.md): the school, the
 * school year that holds today in its time zone, the default bonuses and flags, and the four houses
 * of docs/spec.md section 9 when it has a house system (not yet "configured": its admin turns them
 * on in settings). No holidays: the school enters its own calendar. Run it inside the caller's
 * transaction; a code in use (whatever its case) is 409.
 */
export async function createSchool(
  tx: Queryable,
  input: NewSchoolBody & { districtId: string },
): Promise<SchoolRow> {
  const code = input.code.toUpperCase();
  const taken = await tx
    .select({ id: schools.id })
    .from(schools)
    .where(sql`lower(${schools.externalId}) = lower(${code})`)
    .limit(1);
  if (taken.length) throw conflict(SCHOOL_MSG.codeTaken(code));
  const [school] = await tx
    .insert(schools)
    .values({
      districtId: input.districtId,
      externalId: code,
      name: input.name,
      timeZone: input.timeZone,
      schoolType: input.schoolType,
      storeModel: input.storeModel,
      hasHouseSystem: input.hasHouseSystem,
      isHouseSystemConfigured: false,
      canTeacherGiveAll: input.canTeacherGiveAll,
    })
    .returning()
    .catch((e: unknown) => {
      throw isUniqueViolation(e) ? conflict(SCHOOL_MSG.codeTaken(code)) : e;
    });
  await createCurrentYear(tx, school!);
  await createDefaultActivityTypes(tx, school!.id);
  if (input.hasHouseSystem)
    await tx
      .insert(houses)
      .values(HOUSES.map((name) => ({ schoolId: school!.id, name, color: HOUSE_COLORS[name] })));
  return school!;
}

/** A new district. */
export async function createDistrict(tx: Queryable, name: string): Promise<{ id: string }> {
  const [d] = await tx.insert(districts).values({ name }).returning({ id: districts.id });
  return d!;
}
