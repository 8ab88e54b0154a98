import { and, eq, sql } from 'drizzle-orm';
import { clockNow, HOUSES, HOUSE_COLORS } from '@app/domain';
import { vacuumAnalyze } from '../db/analyze.js';
import type { Db, Tx } from '../db/client.js';
import {
  configurations,
  credentials,
  districts,
  guardianStudents,
  houses,
  schools,
  users,
} from '../db/schema.js';
import {
  DEMO_ADMIN,
  DEMO_DISTRICT_OWNER,
  DEMO_GUARDIAN,
  DEMO_OTHER_ADMIN,
  DEMO_PASSWORD,
} from '../lib/demo-sign-ins.js';
import { hashPassword } from '../lib/tokens.js';
import { createDefaultActivityTypes } from './activity-types.js';
import { createCurrentYear } from '../modules/calendar/service.js';
import { issueSchoolToken } from '../modules/identity/school-tokens.js';
import { seedHolidays } from './holidays.js';
import { seedDemoActivity } from './demo-activity.js';
import { seedDemoClasses } from './demo-classes.js';
import { demoPeople, insertDemoPeople } from './demo-people.js';
import { seedDemoDemographics } from './demo-demographics.js';
import { seedDemoStore } from './demo-store.js';
import { seedDemoOrders } from './demo-orders.js';
import { seedDemoPictures } from './demo-pictures.js';
import { imageStorage, type ImageStorage } from '../lib/storage.js';

export {
  DEMO_ADMIN,
  DEMO_DISTRICT_OWNER,
  DEMO_OTHER_ADMIN,
  DEMO_PASSWORD,
} from '../lib/demo-sign-ins.js';

/** School codes configured to hide How To Earn (the account menu reads this configuration). */
const HIDE_HOW_TO_EARN_SCHOOLS = ['DELMAR', 'RIVERA'];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(schools);
  return Number(row?.n ?? 0) === 0;
}

/** The demo sign-ins, printed at every start while they work. */
export const DEMO_SIGN_INS = [
  `Demo sign-ins (password ${DEMO_PASSWORD}):`,
  `  district owner (DEMO and OTHER): ${DEMO_DISTRICT_OWNER}`,
  `  school DEMO:  ${DEMO_ADMIN}, teacher1 … teacher4, student1 … student120, store, assistant, house, giveall, reports, ${DEMO_GUARDIAN} (guardian of student1 and student2)`,
  `  school OTHER: ${DEMO_OTHER_ADMIN}, other-teacher, other-student`,
];

/** Printed on the starts after the first: the school token is kept only as a hash. */
export const DEMO_SCHOOL_TOKEN_LATER =
  'School token sign-in (school DEMO): printed at the first start only; admin issues another under Settings → School tokens.';

/**
 * Seeds the two demo schools in one transaction, then the products' pictures (kept in `images`,
 * the app's image storage), then refreshes the planner's statistics (and the visibility map) of
 * the filled tables, and returns the sign-ins to print.
 */
export async function seedDemo(
  db: Db,
  images: ImageStorage = imageStorage({}, db),
): Promise<string[]> {
  const { lines, demoId } = await seedDemoSchools(db);
  await seedDemoPictures(db, images, demoId);
  lines.push(...(await seedDemoSchoolToken(db)));
  await vacuumAnalyze(db);
  return lines;
}

/** One school token for the demo school's store counter (docs/decisions/049-school-tokens.md), printed once. */
async function seedDemoSchoolToken(db: Db): Promise<string[]> {
  const [row] = await db
    .select({ schoolId: users.schoolId, id: users.id })
    .from(credentials)
    .innerJoin(
      users,
      and(eq(users.schoolId, credentials.schoolId), eq(users.id, credentials.userId)),
    )
    .where(eq(credentials.username, 'store'))
    .limit(1);
  if (!row) return [];
  const t = await issueSchoolToken(db, row.schoolId, null, {
    userId: row.id,
    label: 'Store counter (demo)',
  });
  return [`School token sign-in (school DEMO, signs in as store): ${t.token}`];
}

async function seedDemoSchools(db: Db): Promise<{ lines: string[]; demoId: string }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const { demo, other } = await insertDemoSchools(tx);
    const d = demo.id;
    const o = other.id;

    for (const school of [demo, other]) {
      const year = await createCurrentYear(tx, school);
      await seedHolidays(tx, school.id, year.yearStart);
      await createDefaultActivityTypes(tx, school.id);
    }

    await tx
      .insert(houses)
      .values(HOUSES.map((name) => ({ schoolId: d, name, color: HOUSE_COLORS[name] })));

    // Everyone joined six weeks ago by the app's clock, before the month of history: past their
    // first week, as in a school in use (docs/decisions/134-surveys-never-in-the-way.md).
    const joined = new Date(clockNow().getTime() - 42 * 86_400_000);
    const byExternal = await insertDemoPeople(tx, demoPeople(d, o), { passwordHash, joined });
    await seedDemoClasses(tx, { d, o }, byExternal);

    await tx.insert(guardianStudents).values(
      ['S1001', 'S1002'].map((s) => ({
        schoolId: d,
        guardianId: byExternal.get('P-1')!.id,
        studentId: byExternal.get(s)!.id,
      })),
    );

    await seedDemoDemographics(tx, d, (i) => byExternal.get(`S${1000 + i}`)!.id);
    const days = await seedDemoActivity(tx, demo);
    await seedDemoStore(tx, demo, [byExternal.get('T-1')!, byExternal.get('T-2')!]);
    await seedDemoOrders(tx, demo, days);

    await tx.insert(configurations).values({
      scope: 'global',
      key: 'hideHowToEarnSchools',
      valueObject: HIDE_HOW_TO_EARN_SCHOOLS,
    });

    return { lines: [...DEMO_SIGN_INS], demoId: d };
  });
}

/** The demo district and its two schools. */
async function insertDemoSchools(tx: Tx) {
  const [district] = await tx.insert(districts).values({ name: 'Demo District' }).returning();
  const [demo] = await tx
    .insert(schools)
    .values({
      districtId: district!.id,
      externalId: 'DEMO',
      name: 'Demo Middle School',
      timeZone: 'America/Los_Angeles',
      teacherToolboxLink: 'https://toolbox.meritmarket.example/demo',
      hasHouseSystem: true,
      isHouseSystemConfigured: true,
      storeModel: 'Pickup',
      schoolType: 'Middle',
    })
    .returning();
  const [other] = await tx
    .insert(schools)
    .values({
      districtId: district!.id,
      externalId: 'OTHER',
      name: 'Other Elementary School',
      timeZone: 'America/Los_Angeles',
      teacherToolboxLink: 'https://toolbox.meritmarket.example/other',
      storeModel: 'Delivery',
      schoolType: 'Elementary',
    })
    .returning();
  return { demo: demo!, other: other! };
}
