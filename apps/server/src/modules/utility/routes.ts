import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { can, contactBody, hasAnyRole, hasRole, type ContactMessage, type ContactSent, type PeriodMeta, type Person } from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages, schools, users } from '../../db/schema.js';
import { me, subjectOf } from '../../lib/auth-context.js';
import { presentPerson } from '../../presenters/user.js';
import { listPeriods } from '../periods/service.js';

const teacherOrAdmin = { allow: (u: { roles: string[] }) => hasAnyRole(u.roles, ['TEACHER', 'SCHOOL_ADMIN', 'SUPER_ADMIN']) };

export const utilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/utility/contact', { config: { public: true }, schema: { tags: ['utility'], body: contactBody } }, async (req): Promise<ContactSent> => {
    const b = req.body;
    // A signed-in sender belongs to their school; a visitor's school is matched by code or name.
    let schoolId = req.auth?.schoolId ?? null;
    if (!schoolId) {
      const [s] = await app.db
        .select({ id: schools.id })
        .from(schools)
        .where(or(sql`lower(${schools.externalId}) = lower(${b.userSchool})`, sql`lower(${schools.name}) = lower(${b.userSchool})`))
        .limit(1);
      schoolId = s?.id ?? null;
    }
    const [row] = await app.db
      .insert(contactMessages)
      .values({ ...b, schoolId, userId: req.auth?.id ?? null })
      .returning({ id: contactMessages.id });
    return { _id: row!.id, message: 'Thank you! Your message has been sent.' };
  });

  app.get(
    '/utility/contact',
    { config: { allow: (u) => can.readSchoolContacts(subjectOf(u)) }, schema: { tags: ['utility'] } },
    async (req): Promise<ContactMessage[]> => {
      const rows = await app.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.schoolId, me(req).schoolId))
        .orderBy(desc(contactMessages.createdAt))
        .limit(200);
      return rows.map(({ id, schoolId: _s, userId: _u, createdAt, ...rest }) => ({ _id: id, ...rest, createdAt: createdAt.toISOString() }));
    },
  );

  app.get(
    '/utility/teacher/period-meta',
    { config: { allow: (u) => hasRole(u.roles, 'TEACHER') }, schema: { tags: ['utility'], querystring: z.object({ time: z.string().optional() }) } },
    async (req): Promise<PeriodMeta> => {
      const mine = await listPeriods(app.db, me(req), 'mine');
      return {
        periodCount: mine.length,
        studentCount: mine.reduce((n, p) => n + p.studentCount, 0),
        periods: mine.map((p) => ({
          _id: p._id,
          label: p.label,
          name: p.name,
          periodNumber: p.periodNumber,
          sectionNumbers: p.sectionNumbers,
          studentCount: p.studentCount,
          isOwner: p.isOwner,
          coTeacherDisplayName: p.coTeacherDisplayName,
        })),
      };
    },
  );

  app.get('/utility/list/co-teachers', { config: teacherOrAdmin, schema: { tags: ['utility'] } }, async (req): Promise<Person[]> => {
    const user = me(req);
    const rows = await app.db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, user.schoolId), ne(users.id, user.id), sql`'TEACHER' = any(${users.roles})`))
      .orderBy(users.lastName, users.firstName);
    return rows.map(presentPerson);
  });
};
