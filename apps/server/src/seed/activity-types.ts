import type { Queryable } from '../db/client.js';
import { activityTypes } from '../db/schema.js';

/** The actions every new school starts with (flags' points come from the school's settings). */
const DEFAULT_ACTIVITY_TYPES = [
  { name: 'Disruptive behavior', category: 'Flags', points: -3 },
  { name: 'Late to class', category: 'Flags', points: -3 },
  { name: 'Unprepared', category: 'Flags', points: -3 },
  { name: 'Phone out', category: 'Flags', points: -3 },
  { name: 'Helping others', category: 'Bonuses', points: 5 },
  { name: 'Great participation', category: 'Bonuses', points: 3 },
  { name: 'Homework complete', category: 'Bonuses', points: 2 },
  { name: 'Leadership', category: 'Bonuses', points: 10 },
  { name: 'Kindness', category: 'Bonuses', points: 5 },
  { name: 'Honor roll', category: 'Academic Pay Day', points: 50 },
  { name: 'Grade improvement', category: 'Academic Pay Day', points: 25 },
  { name: 'Daily behavior', category: 'Daily Behavior', points: 2 },
  { name: 'Daily attendance', category: 'Daily Attendance', points: 2 },
] as const;

export async function createDefaultActivityTypes(db: Queryable, schoolId: string) {
  return db
    .insert(activityTypes)
    .values(DEFAULT_ACTIVITY_TYPES.map((t) => ({ schoolId, ...t })))
    .returning();
}
