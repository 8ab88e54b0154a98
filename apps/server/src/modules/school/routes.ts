import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  compareGrades,
  gradeLabel,
  gradeLevelResponse,
  houseResponse,
  rosterStudentResponse,
  type GradeLevel,
  type House,
  type RosterStudent,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { houses, users } from '../../db/schema.js';
import { me } from '../../lib/auth-context.js';
import { presentPerson } from '../../presenters/user.js';
import { isStudentRow } from '../../access/students.js';

export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/school/grade-levels', { config: { action: 'school:read' }, schema: { tags: ['school'], response: { 200: z.array(gradeLevelResponse) } } }, async (req): Promise<GradeLevel[]> => {
    const { schoolId } = me(req);
    const rows = await app.db
      .selectDistinct({ grade: users.gradeLevel })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), isNotNull(users.gradeLevel), isStudentRow));
    return rows
      .map((r) => r.grade as string)
      .sort(compareGrades)
      .map((value) => ({ value, label: gradeLabel(value) }));
  });

  // Students of the school for whole-school giving and look-ups (admins, give-all, teachers allowed to give to all).
  app.get(
    '/school/students',
    { config: { action: 'students:list' }, schema: { tags: ['school'], response: { 200: z.array(rosterStudentResponse) } } },
    async (req): Promise<RosterStudent[]> => {
      const rows = await app.db
        .select()
        .from(users)
        .where(and(eq(users.schoolId, me(req).schoolId), isStudentRow))
        .orderBy(asc(users.lastName), asc(users.firstName));
      return rows.map((u) => ({ ...presentPerson(u), externalStudentId: u.externalId }));
    },
  );

  app.get('/school/houses', { config: { action: 'school:read' }, schema: { tags: ['school'], response: { 200: z.array(houseResponse) } } }, async (req): Promise<House[]> => {
    const { schoolId } = me(req);
    const rows = await app.db
      .select({
        name: houses.name,
        color: houses.color,
        studentCount: sql<number>`(select count(*)::int from ${users} u where u.school_id = ${houses.schoolId} and u.house = ${houses.name} and 'STUDENT' = any(u.roles))`,
      })
      .from(houses)
      .where(eq(houses.schoolId, schoolId))
      .orderBy(asc(houses.name));
    return rows.map((r) => ({ ...r, studentCount: Number(r.studentCount) }));
  });
};
