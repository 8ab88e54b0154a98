import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  compareGrades,
  gradeLabel,
  type GradeLevel,
  type House,
  type RosterStudent,
} from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { houses, users } from '../../db/schema.js';
import { isCurrentStudentRow, isCurrentStudentSql } from '../../access/students.js';
import { presentPerson } from '../../presenters/user.js';

/** GET school/grade-levels: the grades the school's students are in, in grade order (leavers' not). */
export async function gradeLevels(db: Queryable, schoolId: string): Promise<GradeLevel[]> {
  const rows = await db
    .selectDistinct({ grade: users.gradeLevel })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), isNotNull(users.gradeLevel), isCurrentStudentRow));
  return rows
    .map((r) => r.grade as string)
    .sort(compareGrades)
    .map((value) => ({ value, label: gradeLabel(value) }));
}

/** GET school/students: the school's students by last then first name; who left is archived (not listed). */
export async function schoolStudents(db: Queryable, schoolId: string): Promise<RosterStudent[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, schoolId), isCurrentStudentRow))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((u) => ({ ...presentPerson(u), externalStudentId: u.externalId }));
}

/** GET school/houses: the school's houses by name, each with its number of students (leavers not counted). */
export async function schoolHouses(db: Queryable, schoolId: string): Promise<House[]> {
  const rows = await db
    .select({
      name: houses.name,
      color: houses.color,
      studentCount: sql<number>`(select count(*)::int from ${users} u where u.school_id = ${houses.schoolId} and u.house = ${houses.name} and ${isCurrentStudentSql('u')})`,
    })
    .from(houses)
    .where(eq(houses.schoolId, schoolId))
    .orderBy(asc(houses.name));
  return rows.map((r) => ({ ...r, studentCount: Number(r.studentCount) }));
}
