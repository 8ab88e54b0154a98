import { and, eq, sql } from 'drizzle-orm';
import { clockNow, HOUSES, HOUSE_COLORS } from '@app/domain';
import { vacuumAnalyze } from '../db/analyze.js';
import type { Db } from '../db/client.js';
import {
  configurations,
  credentials,
  districts,
  guardianStudents,
  houses,
  periodStudents,
  periods,
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
import { FIRST_NAMES, LAST_NAMES } from './names.js';
import { createDefaultActivityTypes } from './activity-types.js';
import { createCurrentYear } from '../modules/calendar/service.js';
import { issueSchoolToken } from '../modules/identity/school-tokens.js';
import { seedHolidays } from './holidays.js';
import { seedDemoActivity } from './demo-activity.js';
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

type NewUser = typeof users.$inferInsert & { username: string };

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

/**
 * The demo's class lists as [student number, index in the plan of seedDemoSchools]: each student
 * sits in two classes of two different teachers (classes i mod 9 and (i + 4) mod 9), so each of
 * the nine classes has 26 or 27 students, no two classes the same ones, and each of teacher1 to
 * teacher3 has students in none of their classes (teacher1's include the co-taught Science 7).
 */
function demoSeats(): [student: number, classIndex: number][] {
  const seats: [number, number][] = [];
  for (let i = 1; i <= 120; i++) for (const k of [i % 9, (i + 4) % 9]) seats.push([i, k]);
  return seats;
}

async function seedDemoSchools(db: Db): Promise<{ lines: string[]; demoId: string }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
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
    const d = demo!.id;
    const o = other!.id;

    for (const school of [demo!, other!]) {
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
    const people: NewUser[] = [
      {
        schoolId: d,
        username: DEMO_ADMIN,
        externalId: 'A-1',
        firstName: 'Alex',
        lastName: 'Rivera',
        roles: ['SCHOOL_ADMIN'],
      },
      {
        schoolId: d,
        username: 'teacher1',
        externalId: 'T-1',
        firstName: 'Taylor',
        lastName: 'Brooks',
        roles: ['TEACHER'],
      },
      {
        schoolId: d,
        username: 'teacher2',
        externalId: 'T-2',
        firstName: 'Jordan',
        lastName: 'Kim',
        roles: ['TEACHER'],
      },
      {
        schoolId: d,
        username: 'teacher3',
        externalId: 'T-3',
        firstName: 'Morgan',
        lastName: 'Patel',
        roles: ['TEACHER'],
      },
      {
        schoolId: d,
        username: 'teacher4',
        externalId: 'T-4',
        firstName: 'Casey',
        lastName: 'Nguyen',
        roles: ['TEACHER'],
      },
      {
        schoolId: d,
        username: 'store',
        externalId: 'S-1',
        firstName: 'Sam',
        lastName: 'Ortiz',
        roles: ['STORE_MANAGER'],
      },
      {
        schoolId: d,
        username: 'assistant',
        externalId: 'S-2',
        firstName: 'Riley',
        lastName: 'Chen',
        roles: ['ASSISTANT_STORE_MANAGER'],
      },
      {
        schoolId: d,
        username: 'house',
        externalId: 'H-1',
        firstName: 'Dana',
        lastName: 'Lopez',
        roles: ['STAFF', 'HOUSE_MANAGER'],
      },
      {
        schoolId: d,
        username: 'giveall',
        externalId: 'G-1',
        firstName: 'Jamie',
        lastName: 'Fox',
        roles: ['STAFF', 'GIVE_ALL'],
      },
      {
        // The district owner of DEMO and OTHER (a super admin, signed in at DEMO).
        schoolId: d,
        username: DEMO_DISTRICT_OWNER,
        externalId: 'D-1',
        firstName: 'Dana',
        lastName: 'Whitfield',
        roles: ['SUPER_ADMIN'],
      },
      {
        schoolId: d,
        username: 'reports',
        externalId: 'R-1',
        firstName: 'Avery',
        lastName: 'Stone',
        roles: ['STAFF', 'SCHOOLWIDE_REPORTS'],
      },
      {
        // A parent: the guardian of student1 and student2 (docs/decisions/115-guardians.md).
        schoolId: d,
        username: DEMO_GUARDIAN,
        externalId: 'P-1',
        firstName: 'Pat',
        lastName: 'Morales',
        roles: ['GUARDIAN'],
        email: 'guardian1@demo.meritmarket.example',
      },
      {
        schoolId: o,
        username: DEMO_OTHER_ADMIN,
        externalId: 'OA-1',
        firstName: 'Olive',
        lastName: 'Admin',
        roles: ['SCHOOL_ADMIN'],
      },
      {
        schoolId: o,
        username: 'other-teacher',
        externalId: 'OT-1',
        firstName: 'Oscar',
        lastName: 'Teach',
        roles: ['TEACHER'],
      },
      {
        schoolId: o,
        username: 'other-student',
        externalId: 'OS-1',
        firstName: 'Opal',
        lastName: 'Pupil',
        roles: ['STUDENT'],
        gradeLevel: '3',
      },
    ];
    for (let i = 1; i <= 120; i++) {
      people.push({
        schoolId: d,
        username: `student${i}`,
        externalId: `S${1000 + i}`,
        firstName: FIRST_NAMES[(i * 7) % FIRST_NAMES.length]!,
        lastName: LAST_NAMES[(i * 11) % LAST_NAMES.length]!,
        roles: ['STUDENT'],
        gradeLevel: String(6 + ((i - 1) % 3)),
        house: HOUSES[(i - 1) % HOUSES.length]!,
      });
    }
    const inserted = await tx
      .insert(users)
      .values(people.map(({ username: _u, ...u }) => ({ ...u, createdAt: joined })))
      .returning({ id: users.id, schoolId: users.schoolId, externalId: users.externalId });
    const byExternal = new Map(inserted.map((u) => [u.externalId, u]));
    await tx.insert(credentials).values(
      people.map((p) => ({
        username: p.username,
        schoolId: p.schoolId,
        userId: byExternal.get(p.externalId)!.id,
        passwordHash,
      })),
    );

    // teacher1 co-teaches teacher2's 4th period; teacher4 has no periods.
    const plan = [
      { t: 'T-1', n: 1, name: 'Math 6', sections: ['101'], co: [] as string[] },
      { t: 'T-1', n: 2, name: 'Math 7', sections: ['102'], co: [] },
      { t: 'T-1', n: 3, name: 'Math 8', sections: ['103'], co: [] },
      { t: 'T-2', n: 0, name: 'Homeroom', sections: ['200'], co: [] },
      { t: 'T-2', n: 4, name: 'Science 7', sections: ['204', '205'], co: ['T-1'] },
      { t: 'T-2', n: 5, name: 'Science 8', sections: ['206'], co: [] },
      { t: 'T-3', n: 1, name: 'English 6', sections: ['301'], co: [] },
      { t: 'T-3', n: 6, name: 'English 8', sections: ['306'], co: [] },
      { t: 'T-3', n: 99, name: 'Study Hall', sections: ['399'], co: [] },
    ];
    const made = await tx
      .insert(periods)
      .values(
        plan.map((p) => ({
          schoolId: d,
          name: p.name,
          teacherId: byExternal.get(p.t)!.id,
          externalTeacherId: p.t,
          coTeachers: p.co,
          periodNumber: p.n,
          sectionNumbers: p.sections,
        })),
      )
      .returning({ id: periods.id });
    const roster: (typeof periodStudents.$inferInsert)[] = [];
    for (const [i, k] of demoSeats())
      roster.push({
        schoolId: d,
        periodId: made[k]!.id,
        studentId: byExternal.get(`S${1000 + i}`)!.id,
      });
    await tx.insert(periodStudents).values(roster);
    const otherTeacher = byExternal.get('OT-1')!.id;
    const [op] = await tx
      .insert(periods)
      .values({
        schoolId: o,
        name: 'Grade 3',
        teacherId: otherTeacher,
        externalTeacherId: 'OT-1',
        periodNumber: 0,
        sectionNumbers: ['1'],
      })
      .returning({ id: periods.id });
    await tx
      .insert(periodStudents)
      .values({ schoolId: o, periodId: op!.id, studentId: byExternal.get('OS-1')!.id });

    await tx.insert(guardianStudents).values(
      ['S1001', 'S1002'].map((s) => ({
        schoolId: d,
        guardianId: byExternal.get('P-1')!.id,
        studentId: byExternal.get(s)!.id,
      })),
    );

    const days = await seedDemoActivity(tx, demo!);
    await seedDemoStore(tx, demo!, [byExternal.get('T-1')!, byExternal.get('T-2')!]);
    await seedDemoOrders(tx, demo!, days);

    await tx.insert(configurations).values({
      scope: 'global',
      key: 'hideHowToEarnSchools',
      valueObject: HIDE_HOW_TO_EARN_SCHOOLS,
    });

    return { lines: [...DEMO_SIGN_INS], demoId: d };
  });
}
