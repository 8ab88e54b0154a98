import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { devPeriodResponse, devUserResponse, schoolInfoResponse, type DevPeriod, type DevUser, type SchoolInfo } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periods, schools, users } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import { notFound } from '../../lib/errors.js';
import { presentSchool, presentPerson } from '../../presenters/user.js';

/** Developer look-ups; registered only in development mode, so they are 404 otherwise. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: z.string().max(100) });
  const schoolOf = async (id: string) => {
    if (!isUuid(id)) throw notFound('School not found');
    const [s] = await app.db.select().from(schools).where(eq(schools.id, id));
    if (!s) throw notFound('School not found');
    return s;
  };

  app.get('/dev/schools', { config: { action: 'dev:use' }, schema: { tags: ['dev'], response: { 200: z.array(schoolInfoResponse) } } }, async (): Promise<SchoolInfo[]> => (await app.db.select().from(schools)).map(presentSchool));

  app.get('/dev/users/:id', { config: { action: 'dev:use' }, schema: { tags: ['dev'], params, response: { 200: z.array(devUserResponse) } } }, async (req): Promise<DevUser[]> => {
    const s = await schoolOf(req.params.id);
    const rows = await app.db.select().from(users).where(eq(users.schoolId, s.id)).orderBy(users.lastName);
    return rows.map((u) => ({ ...presentPerson(u), roles: u.roles }));
  });

  app.get('/dev/periods/:id', { config: { action: 'dev:use' }, schema: { tags: ['dev'], params, response: { 200: z.array(devPeriodResponse) } } }, async (req): Promise<DevPeriod[]> => {
    const s = await schoolOf(req.params.id);
    const rows = await app.db.select().from(periods).where(eq(periods.schoolId, s.id)).orderBy(periods.periodNumber);
    return rows.map((p) => ({ _id: p.id, name: p.name, periodNumber: p.periodNumber, externalTeacherId: p.externalTeacherId, coTeachers: p.coTeachers, sectionNumbers: p.sectionNumbers }));
  });
};
