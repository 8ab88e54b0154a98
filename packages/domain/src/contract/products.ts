import { z } from 'zod';
import { okResponse } from '../responses.js';
import { productResponse } from '../responses-store.js';
import { productBody } from '../schemas-store.js';
import { call } from './define.js';

const idParams = z.object({ id: z.string().max(100) });
const timeQuery = z.object({ time: z.string().optional() });

/** `/api/v1/products`: the two product stores, the school's and each teacher's. */
export const products = {
  schoolStore: call({
    method: 'GET',
    path: '/api/v1/products/school-store',
    action: 'store:browse',
    cached: true,
    tags: ['products'],
    query: timeQuery,
    response: { 200: z.array(productResponse) },
  }),
  teacherStore: call({
    method: 'GET',
    path: '/api/v1/products/teacher-store',
    action: 'store:browse',
    cached: true,
    tags: ['products'],
    query: timeQuery,
    response: { 200: z.array(productResponse) },
  }),
  /** Creates a school store product, or (with `_id`) changes the fields sent. */
  saveSchool: call({
    method: 'POST',
    path: '/api/v1/products/school',
    action: 'store:manageSchool',
    tags: ['products'],
    body: productBody,
    response: { 200: productResponse },
  }),
  /** Creates a product of the teacher's own store, or (with `_id`) changes the fields sent. */
  saveTeacher: call({
    method: 'POST',
    path: '/api/v1/products/teacher',
    action: 'store:manageTeacher',
    tags: ['products'],
    body: productBody,
    response: { 200: productResponse },
  }),
  removeSchool: call({
    method: 'DELETE',
    path: '/api/v1/products/school/:id',
    action: 'store:manageSchool',
    tags: ['products'],
    params: idParams,
    response: { 200: okResponse },
  }),
  removeTeacher: call({
    method: 'DELETE',
    path: '/api/v1/products/teacher/:id',
    action: 'store:manageTeacher',
    tags: ['products'],
    params: idParams,
    response: { 200: okResponse },
  }),
};
