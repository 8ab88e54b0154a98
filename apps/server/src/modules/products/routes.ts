import { z } from 'zod';
import { okResponse, productBody, productResponse, type OkResponse } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { deleteProduct, listSchoolStore, listTeacherStore, saveProduct } from './service.js';

const idParams = z.object({ id: z.string().max(100) });
const timeQuery = z.object({ time: z.string().optional() });

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/school-store',
    {
      config: { action: 'store:browse', cached: true },
      schema: {
        tags: ['products'],
        querystring: timeQuery,
        response: { 200: z.array(productResponse) },
      },
    },
    async (req) => listSchoolStore(app.db, me(req)),
  );

  app.get(
    '/products/teacher-store',
    {
      config: { action: 'store:browse', cached: true },
      schema: {
        tags: ['products'],
        querystring: timeQuery,
        response: { 200: z.array(productResponse) },
      },
    },
    async (req) => listTeacherStore(app.db, me(req)),
  );

  app.post(
    '/products/school',
    {
      config: { action: 'store:manageSchool' },
      schema: { tags: ['products'], body: productBody, response: { 200: productResponse } },
    },
    async (req) => saveProduct(app.db, me(req), 'School', req.body),
  );

  app.post(
    '/products/teacher',
    {
      config: { action: 'store:manageTeacher' },
      schema: { tags: ['products'], body: productBody, response: { 200: productResponse } },
    },
    async (req) => saveProduct(app.db, me(req), 'Teacher', req.body),
  );

  app.delete(
    '/products/school/:id',
    {
      config: { action: 'store:manageSchool' },
      schema: { tags: ['products'], params: idParams, response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await deleteProduct(app.db, me(req), 'School', req.params.id);
      return { ok: true };
    },
  );

  app.delete(
    '/products/teacher/:id',
    {
      config: { action: 'store:manageTeacher' },
      schema: { tags: ['products'], params: idParams, response: { 200: okResponse } },
    },
    async (req): Promise<OkResponse> => {
      await deleteProduct(app.db, me(req), 'Teacher', req.params.id);
      return { ok: true };
    },
  );
};
