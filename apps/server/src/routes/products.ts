import { API } from '@app/domain';
import { me } from '../lib/auth-context.js';
import { routesOf } from '../lib/contract-routes.js';
import {
  deleteProduct,
  listSchoolStore,
  listTeacherStore,
  saveProduct,
} from '../modules/products/service.js';

/** The two product stores: the school's and each teacher's. */
export const productsRoutes = routesOf('products', API.products, (app) => ({
  schoolStore: async (req) => listSchoolStore(app.db, me(req)),
  teacherStore: async (req) => listTeacherStore(app.db, me(req)),
  saveSchool: async (req) => saveProduct(app.db, me(req), 'School', req.body),
  saveTeacher: async (req) => saveProduct(app.db, me(req), 'Teacher', req.body),
  removeSchool: async (req) => {
    await deleteProduct(app.db, me(req), 'School', req.params.id);
    return { ok: true };
  },
  removeTeacher: async (req) => {
    await deleteProduct(app.db, me(req), 'Teacher', req.params.id);
    return { ok: true };
  },
}));
