import { HOUSES } from '@app/domain';
import type { Tx } from '../db/client.js';
import { credentials, users } from '../db/schema.js';
import {
  DEMO_ADMIN,
  DEMO_DISTRICT_OWNER,
  DEMO_GUARDIAN,
  DEMO_OTHER_ADMIN,
} from '../lib/demo-sign-ins.js';
import { FIRST_NAMES, LAST_NAMES } from './names.js';

type NewUser = typeof users.$inferInsert & { username: string };

/** DEMO's staff and guardian (the students follow in demoPeople). */
const DEMO_STAFF: Omit<NewUser, 'schoolId'>[] = [
  {
    username: DEMO_ADMIN,
    externalId: 'A-1',
    firstName: 'Alex',
    lastName: 'Rivera',
    roles: ['SCHOOL_ADMIN'],
  },
  {
    username: 'teacher1',
    externalId: 'T-1',
    firstName: 'Taylor',
    lastName: 'Brooks',
    roles: ['TEACHER'],
  },
  {
    username: 'teacher2',
    externalId: 'T-2',
    firstName: 'Jordan',
    lastName: 'Kim',
    roles: ['TEACHER'],
  },
  {
    username: 'teacher3',
    externalId: 'T-3',
    firstName: 'Morgan',
    lastName: 'Patel',
    roles: ['TEACHER'],
  },
  {
    username: 'teacher4',
    externalId: 'T-4',
    firstName: 'Casey',
    lastName: 'Nguyen',
    roles: ['TEACHER'],
  },
  {
    username: 'store',
    externalId: 'S-1',
    firstName: 'Sam',
    lastName: 'Ortiz',
    roles: ['STORE_MANAGER'],
  },
  {
    username: 'assistant',
    externalId: 'S-2',
    firstName: 'Riley',
    lastName: 'Chen',
    roles: ['ASSISTANT_STORE_MANAGER'],
  },
  {
    username: 'house',
    externalId: 'H-1',
    firstName: 'Dana',
    lastName: 'Lopez',
    roles: ['STAFF', 'HOUSE_MANAGER'],
  },
  {
    username: 'giveall',
    externalId: 'G-1',
    firstName: 'Jamie',
    lastName: 'Fox',
    roles: ['STAFF', 'GIVE_ALL'],
  },
  {
    // The district owner of DEMO and OTHER (a super admin, signed in at DEMO).
    username: DEMO_DISTRICT_OWNER,
    externalId: 'D-1',
    firstName: 'Dana',
    lastName: 'Whitfield',
    roles: ['SUPER_ADMIN'],
  },
  {
    username: 'reports',
    externalId: 'R-1',
    firstName: 'Avery',
    lastName: 'Stone',
    roles: ['STAFF', 'SCHOOLWIDE_REPORTS'],
  },
  {
    // The guardian of student1 and student2 (docs/decisions/115-guardians.md).
    username: DEMO_GUARDIAN,
    externalId: 'P-1',
    firstName: 'Pat',
    lastName: 'Morales',
    roles: ['GUARDIAN'],
    email: 'guardian1@demo.meritmarket.example',
  },
];

const OTHER_PEOPLE: Omit<NewUser, 'schoolId'>[] = [
  {
    username: DEMO_OTHER_ADMIN,
    externalId: 'OA-1',
    firstName: 'Olive',
    lastName: 'Admin',
    roles: ['SCHOOL_ADMIN'],
  },
  {
    username: 'other-teacher',
    externalId: 'OT-1',
    firstName: 'Oscar',
    lastName: 'Teach',
    roles: ['TEACHER'],
  },
  {
    username: 'other-student',
    externalId: 'OS-1',
    firstName: 'Opal',
    lastName: 'Pupil',
    roles: ['STUDENT'],
    gradeLevel: '3',
  },
];

/** The demo's people: DEMO's staff, a guardian and 120 students (`d`), OTHER's three (`o`). */
export function demoPeople(d: string, o: string): NewUser[] {
  const people: NewUser[] = [
    ...DEMO_STAFF.map((p) => ({ ...p, schoolId: d })),
    ...OTHER_PEOPLE.map((p) => ({ ...p, schoolId: o })),
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
  return people;
}

/** Inserts the people with their sign-ins (one password); their rows by external id. */
export async function insertDemoPeople(
  tx: Tx,
  people: NewUser[],
  { passwordHash, joined }: { passwordHash: string; joined: Date },
) {
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

  return byExternal;
}
