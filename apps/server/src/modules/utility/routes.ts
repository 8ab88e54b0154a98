import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import {
  contactBody,
  contactMessageResponse,
  contactSentResponse,
  periodMetaResponse,
  personResponse,
  type ContactMessage,
  type ContactSent,
  type PeriodMeta,
  type Person,
} from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages, schools, users } from '../../db/schema.js';
import { me } from '../../lib/auth-context.js';
import { hit, withRetryAfter } from '../../lib/rate-limit.js';
import { presentPerson } from '../../presenters/user.js';
import { listPeriods } from '../periods/service.js';

export const utilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/utility/contact', { config: { public: true, answers: [429] }, schema: { tags: ['utility'], body: contactBody, response: { 200: contactSentResponse } } }, async (req, reply): Promise<ContactSent> => {
    const b = req.body;
    // 5 messages per 10 minutes and 20 per day, per signed-in user, else per address (docs/decisions/004-rate-limits.md).
    const sender = req.auth ? `user:${req.auth.id}` : `address:${req.ip}`;
    await hit(app.db, [
      { key: `contact:${sender}`, max: 5, windowSeconds: 10 * 60 },
      { key: `contact:${sender}`, max: 20, windowSeconds: 24 * 60 * 60 },
    ]).catch(withRetryAfter(reply));
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
    { config: { action: 'contact:read' }, schema: { tags: ['utility'], response: { 200: z.array(contactMessageResponse) } } },
    async (req): Promise<ContactMessage[]> => {
      const rows = await app.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.schoolId, me(req).schoolId))
        .orderBy(desc(contactMessages.createdAt))
        .limit(200);
      return rows.map((m) => ({
        _id: m.id,
        userName: m.userName,
        userSchool: m.userSchool,
        userEmail: m.userEmail,
        userRole: m.userRole,
        userMessage: m.userMessage,
        createdAt: m.createdAt.toISOString(),
      }));
    },
  );

  app.get(
    '/utility/teacher/period-meta',
    { config: { action: 'periodMeta:read' }, schema: { tags: ['utility'], querystring: z.object({ time: z.string().optional() }), response: { 200: periodMetaResponse } } },
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

  app.get('/utility/list/co-teachers', { config: { action: 'coTeachers:list' }, schema: { tags: ['utility'], response: { 200: z.array(personResponse) } } }, async (req): Promise<Person[]> => {
    const user = me(req);
    const rows = await app.db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, user.schoolId), ne(users.id, user.id), sql`'TEACHER' = any(${users.roles})`))
      .orderBy(users.lastName, users.firstName);
    return rows.map(presentPerson);
  });
};
