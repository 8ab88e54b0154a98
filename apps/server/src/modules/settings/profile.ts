import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  HOUSE_COLORS,
  HOUSES,
  msg,
  PBIS_COORDINATOR_ROLES,
  spanishCurrencyDefaults,
  type SchoolProfile,
  type SchoolProfileBody,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { houses, schools, users } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { presentSchoolProfile } from '../../presenters/settings.js';
import { badRequest } from '../../lib/errors.js';
import { holdsAnyOf } from '../../access/permission.js';
import { forgetSessions } from '../auth/service.js';

/** GET settings/school: the school's profile as it is now (not as the session cached it). */
export async function schoolProfile(db: Queryable, u: AuthUser): Promise<SchoolProfile> {
  const [s] = await db.select().from(schools).where(eq(schools.id, u.schoolId));
  return presentSchoolProfile(s!);
}

/**
 * The Spanish names to write: null where the body's name is the one that follows the English name
 * after this change ("Méritos" beside "Merits"), so it keeps following it; none when the body has none.
 */
async function spanishNames(
  tx: Queryable,
  schoolId: string,
  body: SchoolProfileBody,
): Promise<{ currencyNameEs?: string | null; currencyNameOneEs?: string | null }> {
  if (body.currencyNameEs === undefined && body.currencyNameOneEs === undefined) return {};
  const [now] = await tx
    .select({ currencyName: schools.currencyName, currencyNameOne: schools.currencyNameOne })
    .from(schools)
    .where(eq(schools.id, schoolId));
  const follows = spanishCurrencyDefaults({
    currencyName: body.currencyName ?? now!.currencyName,
    currencyNameOne: body.currencyNameOne ?? now!.currencyNameOne,
  });
  const written = (name: string | null | undefined, following: string) =>
    name === undefined ? undefined : name === following ? null : name;
  const es = written(body.currencyNameEs, follows.currencyNameEs);
  const one = written(body.currencyNameOneEs, follows.currencyNameOneEs);
  return {
    ...(es !== undefined && { currencyNameEs: es }),
    ...(one !== undefined && { currencyNameOneEs: one }),
  };
}

/**
 * The PBIS settings sent (issue 34); those left out keep their value. A coordinator must be a
 * current staff member of the school (a role besides student, guardian and the base role): the
 * permission table would grant nothing to anyone else, and a list of them would only mislead.
 */
async function pbisSettings(
  tx: Queryable,
  schoolId: string,
  body: SchoolProfileBody,
): Promise<Partial<typeof schools.$inferInsert>> {
  const set: Partial<typeof schools.$inferInsert> = {};
  if (body.pbisTargetRatio !== undefined) set.pbisTargetRatio = body.pbisTargetRatio;
  if (body.pbisRatioWindow !== undefined) set.pbisRatioWindow = body.pbisRatioWindow;
  if (body.pbisRecognitionDays !== undefined) set.pbisRecognitionDays = body.pbisRecognitionDays;
  if (body.pbisCoordinatorIds !== undefined) {
    const ids = [...new Set(body.pbisCoordinatorIds)];
    const staff = ids.length
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.schoolId, schoolId),
              inArray(users.id, ids),
              isNull(users.leftAt),
              holdsAnyOf(users.roles, PBIS_COORDINATOR_ROLES),
            ),
          )
      : [];
    const unknown = ids.find((id) => !staff.some((s) => s.id === id));
    if (unknown) throw badRequest(msg('msg.pbisCoordinatorNotStaff', { id: unknown }));
    set.pbisCoordinatorIds = ids;
  }
  return set;
}

/**
 * PUT settings/school (docs/decisions/082-school-profile-in-settings.md): the whole profile in one
 * transaction. Turning a house system on gives a school without houses the four of docs/spec.md
 * section 9 (not yet "configured": the House system tab does that); turning it off keeps houses and
 * students' houses. Every date rule reads the time zone from the school row at each call, and the
 * school's sessions are forgotten here and, through the schools trigger, on every server
 * (docs/decisions/083-time-zone-change.md): the currency's name in answers changes at once too.
 */
export async function setSchoolProfile(
  db: Db,
  u: AuthUser,
  body: SchoolProfileBody,
): Promise<SchoolProfile> {
  const row = await db.transaction(async (tx) => {
    const spanish = await spanishNames(tx, u.schoolId, body);
    const [s] = await tx
      .update(schools)
      .set({
        name: body.name,
        timeZone: body.timeZone,
        schoolType: body.schoolType,
        storeModel: body.storeModel,
        hasHouseSystem: body.hasHouseSystem,
        canTeacherGiveAll: body.canTeacherGiveAll,
        ...(body.currencyName !== undefined && { currencyName: body.currencyName }),
        ...(body.currencyNameOne !== undefined && { currencyNameOne: body.currencyNameOne }),
        ...spanish,
        ...(await pbisSettings(tx, u.schoolId, body)),
      })
      .where(eq(schools.id, u.schoolId))
      .returning();
    if (body.hasHouseSystem) {
      const [any] = await tx
        .select({ name: houses.name })
        .from(houses)
        .where(eq(houses.schoolId, u.schoolId))
        .limit(1);
      if (!any)
        await tx
          .insert(houses)
          .values(
            HOUSES.map((name) => ({ schoolId: u.schoolId, name, color: HOUSE_COLORS[name] })),
          );
    }
    return s!;
  });
  forgetSessions(db); // the school is part of every session: its rights and its time zone
  return presentSchoolProfile(row);
}
