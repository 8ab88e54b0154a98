import { z } from 'zod';
import { gradeLevelResponse, houseResponse, rosterStudentResponse } from '../responses.js';
import { call } from './define.js';

const tags = ['school'];

/** `/api/v1/school`: the school's grade levels, houses and students, for pickers and filters. */
export const school = {
  gradeLevels: call({
    method: 'GET',
    path: '/api/v1/school/grade-levels',
    action: 'school:read',
    tags,
    response: { 200: z.array(gradeLevelResponse) },
  }),
  /** Every student of the school, for whole-school giving and look-ups (whole-school roles). */
  students: call({
    method: 'GET',
    path: '/api/v1/school/students',
    action: 'students:list',
    tags,
    response: { 200: z.array(rosterStudentResponse) },
  }),
  houses: call({
    method: 'GET',
    path: '/api/v1/school/houses',
    action: 'school:read',
    tags,
    response: { 200: z.array(houseResponse) },
  }),
};
