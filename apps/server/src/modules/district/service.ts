import { and, asc, eq, sql } from 'drizzle-orm';
import {
  HOUSE_COLORS,
  HOUSES,
  msg,
  todayIn,
  type DistrictFigures,
  type DistrictFiguresResponse,
  type DistrictInvitationBody,
  type DistrictInvitationResponse,
  type DistrictSchoolResponse,
  type DistrictSchoolsResponse,
  type NewSchoolBody,
} from '@app/domain';
import {
  checkNotOwnSchool,
  districtOf,
  districtSchool,
  FIRST_ADMIN_ROLES,
  isStudentSql,
} from '../../access/districts.js';
import { rowsOf, type Db, type Queryable } from '../../db/client.js';
import { districts, houses, schools, users } from '../../db/schema.js';
import type { AuthUser, SchoolRow } from '../../lib/auth-context.js';
import { conflict } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { newToken } from '../../lib/tokens.js';
import { createDefaultActivityTypes } from '../../seed/activity-types.js';
import { forgetSessions, transactionEndingSessions } from '../auth/service.js';
import { createCurrentYear, loadCalendar } from '../calendar/service.js';
import { sendInvitation } from '../identity/service.js';

/* The district console's calls (docs/decisions/074-districts-and-their-owners.md). */

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
  if (taken.length) throw conflict(msg('msg.schoolCodeTaken', { code }));
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
      throw isUniqueViolation(e) ? conflict(msg('msg.schoolCodeTaken', { code })) : e;
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

interface Counts {
  students: number;
  staff: number;
  classes: number;
  lastActivity: string | null;
}

const present = (u: AuthUser, s: SchoolRow, c: Counts): DistrictSchoolResponse => ({
  _id: s.id,
  name: s.name,
  code: s.externalId,
  timeZone: s.timeZone,
  schoolType: s.schoolType,
  storeModel: s.storeModel,
  hasHouseSystem: s.hasHouseSystem,
  canTeacherGiveAll: s.canTeacherGiveAll !== false,
  ...c,
  disabled: s.disabledAt !== null,
  mine: s.id === u.schoolId,
});

/**
 * Per school of the district: its students, staff (everyone else with a role), classes, and the day
 * of its latest give or order (from the daily rollup). Who left a school counts in neither
 * (docs/decisions/128-leavers-are-archived.md).
 */
async function countsOf(db: Queryable, districtId: string): Promise<Map<string, Counts>> {
  const rows = rowsOf<{
    id: string;
    students: number;
    staff: number;
    classes: number;
    last_activity: string | null;
  }>(
    await db.execute(sql`
      select s.id,
        (select count(*)::int from users x where x.school_id = s.id and x.left_at is null
           and ${isStudentSql(sql`x.roles`)}) as students,
        (select count(*)::int from users x where x.school_id = s.id and x.left_at is null
           and cardinality(x.roles) > 0 and not ${isStudentSql(sql`x.roles`)}) as staff,
        (select count(*)::int from periods p where p.school_id = s.id) as classes,
        (select max(r.date)::text from daily_rollup r where r.school_id = s.id) as last_activity
      from schools s where s.district_id = ${districtId}`),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        students: Number(r.students),
        staff: Number(r.staff),
        classes: Number(r.classes),
        lastActivity: r.last_activity,
      },
    ]),
  );
}

const NONE: Counts = { students: 0, staff: 0, classes: 0, lastActivity: null };

/** GET district/schools: the district and its schools by name. */
export async function listDistrictSchools(db: Db, u: AuthUser): Promise<DistrictSchoolsResponse> {
  const districtId = districtOf(u);
  const [district] = await db.select().from(districts).where(eq(districts.id, districtId));
  const list = await db
    .select()
    .from(schools)
    .where(eq(schools.districtId, districtId))
    .orderBy(asc(schools.name));
  const counts = await countsOf(db, districtId);
  return {
    district: { _id: districtId, name: district?.name ?? '' },
    schools: list.map((s) => present(u, s, counts.get(s.id) ?? NONE)),
  };
}

/** POST district/schools: a school of the actor's district, made the one way (createSchool). */
export async function createDistrictSchool(
  db: Db,
  u: AuthUser,
  body: NewSchoolBody,
): Promise<DistrictSchoolResponse> {
  const school = await db.transaction((tx) =>
    createSchool(tx, { ...body, districtId: districtOf(u) }),
  );
  return present(u, school, NONE);
}

/**
 * POST district/schools/{id}/invitations: the school's admin by e-mail. A user of that school with
 * the address becomes an admin; else one is made (no sign-in name yet: they choose it with the
 * password). The invitation mail is the settings one; when no mail can go out, the answer carries
 * the link (docs/decisions/132-invitations-without-mail.md); if the invitation fails, a user made here goes.
 */
export async function inviteSchoolAdmin(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  u: AuthUser,
  schoolId: string,
  body: DistrictInvitationBody,
): Promise<DistrictInvitationResponse> {
  const school = await districtSchool(db, u, schoolId);
  const email = body.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.schoolId, school.id), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  let made: string | null = null;
  if (existing) {
    const roles = [...new Set([...existing.roles, ...FIRST_ADMIN_ROLES])];
    await db
      .update(users)
      .set({ roles })
      .where(and(eq(users.schoolId, school.id), eq(users.id, existing.id)));
    forgetSessions(db); // their new rights hold at their next call, not after the trigger's NOTIFY
  } else {
    const [row] = await db
      .insert(users)
      .values({
        schoolId: school.id,
        externalId: `admin-${newToken().slice(0, 12)}`,
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        roles: FIRST_ADMIN_ROLES,
      })
      .returning({ id: users.id });
    made = row!.id;
  }
  const userId = existing?.id ?? made!;
  try {
    return await sendInvitation(
      db,
      mailer,
      baseUrl,
      { schoolId: school.id, id: u.id, schoolName: school.name },
      { userId, email },
    );
  } catch (err) {
    if (made) await db.delete(users).where(and(eq(users.schoolId, school.id), eq(users.id, made)));
    throw err;
  }
}

/**
 * POST district/schools/{id}/disable and /enable (docs/decisions/078-disabling-a-school.md): a
 * disabled school's sessions end and nobody of it signs in; nothing is deleted. Enabling lets them
 * sign in again (their old sessions stay ended).
 */
export async function setSchoolDisabled(
  db: Db,
  u: AuthUser,
  schoolId: string,
  disabled: boolean,
): Promise<DistrictSchoolResponse> {
  const school = await districtSchool(db, u, schoolId);
  if (disabled) checkNotOwnSchool(u, school.id);
  // A disabled school's sessions end with it: its next call is refused.
  const updated = await transactionEndingSessions(db, async (tx, endSessions) => {
    const [row] = await tx
      .update(schools)
      .set({ disabledAt: disabled ? sql`coalesce(${schools.disabledAt}, now())` : null })
      .where(eq(schools.id, school.id))
      .returning();
    if (disabled) await endSessions({ schoolId: school.id });
    return row!;
  });
  const counts = await countsOf(db, updated.districtId);
  return present(u, updated, counts.get(updated.id) ?? NONE);
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** Points given and spent and the students who did either, from the monthly rollup; orders placed (not canceled). */
async function figuresSince(
  db: Queryable,
  schoolId: string,
  month: string,
): Promise<DistrictFigures> {
  const [r] = rowsOf<{ given: number; spent: number; students: number; orders: number }>(
    await db.execute(sql`
      select coalesce(sum(m.earned), 0)::bigint as given, coalesce(sum(m.spent), 0)::bigint as spent,
        count(distinct m.student_id)::int as students,
        (select count(*)::int from orders o where o.school_id = ${schoolId} and o.date >= ${month}
           and o.status <> 'CANCELED') as orders
      from monthly_rollup m where m.school_id = ${schoolId} and m.month >= ${month}`),
  );
  return {
    pointsGiven: Number(r?.given ?? 0),
    pointsSpent: Number(r?.spent ?? 0),
    activeStudents: Number(r?.students ?? 0),
    orders: Number(r?.orders ?? 0),
  };
}

const sum = (list: DistrictFigures[]): DistrictFigures => ({
  pointsGiven: list.reduce((n, f) => n + f.pointsGiven, 0),
  pointsSpent: list.reduce((n, f) => n + f.pointsSpent, 0),
  activeStudents: list.reduce((n, f) => n + f.activeStudents, 0),
  orders: list.reduce((n, f) => n + f.orders, 0),
});

/**
 * GET district/figures: this month and this school year (from the month it began) per school, in
 * each school's time zone, and the district's totals (docs/decisions/079-district-console.md).
 */
export async function districtFigures(db: Db, u: AuthUser): Promise<DistrictFiguresResponse> {
  const list = await db
    .select()
    .from(schools)
    .where(eq(schools.districtId, districtOf(u)))
    .orderBy(asc(schools.name));
  const out: DistrictFiguresResponse['schools'] = [];
  for (const s of list) {
    const monthStart = firstOfMonth(todayIn(s.timeZone));
    const yearStart = firstOfMonth((await loadCalendar(db, s)).yearStart);
    out.push({
      _id: s.id,
      name: s.name,
      monthStart,
      yearStart,
      month: await figuresSince(db, s.id, monthStart),
      year: await figuresSince(db, s.id, yearStart),
    });
  }
  return {
    schools: out,
    total: { month: sum(out.map((s) => s.month)), year: sum(out.map((s) => s.year)) },
  };
}
