import { z } from 'zod';
import {
  advancedSettingsBody,
  eraseBody,
  erasureResponse,
  houseSystemBody,
  roleChangeResponse,
  schoolProfileBody,
  schoolProfileResponse,
  schoolSettingsResponse,
  settingsViewResponse,
  userRolesBody,
  userRolesResponse,
  usersRolesListResponse,
  usersRolesQuery,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { schoolProfile, setSchoolProfile } from './profile.js';
import { eraseStudent } from './erase.js';
import {
  listUserRoles,
  roleChanges,
  schoolSettings,
  setAdvanced,
  setHouseSystem,
  setUserRoles,
} from './service.js';

const idParams = z.object({ id: z.string().max(100) });
const time = z.object({ time: z.string().optional() });

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: { action: 'settings:read' },
      schema: { tags: ['settings'], querystring: time, response: { 200: settingsViewResponse } },
    },
    async (req) => schoolSettings(app.db, me(req)),
  );

  app.get(
    '/settings/users/roles',
    {
      config: { action: 'settings:users' },
      schema: {
        tags: ['settings'],
        querystring: usersRolesQuery,
        response: { 200: usersRolesListResponse },
      },
    },
    async (req) => listUserRoles(app.db, me(req), req.query),
  );

  app.get(
    '/settings/users/roles/audit',
    {
      config: { action: 'settings:users' },
      schema: {
        tags: ['settings'],
        querystring: z.object({
          userId: z.string().max(100).optional(),
          time: z.string().optional(),
        }),
        response: { 200: z.array(roleChangeResponse) },
      },
    },
    async (req) => roleChanges(app.db, me(req), req.query.userId),
  );

  app.put(
    '/settings/users/roles/:id',
    {
      config: { action: 'settings:users' },
      schema: {
        tags: ['settings'],
        params: idParams,
        body: userRolesBody,
        response: { 200: userRolesResponse },
      },
    },
    async (req) => setUserRoles(app.db, me(req), req.params.id, req.body),
  );

  app.post(
    '/settings/users/:id/erase',
    {
      config: { action: 'students:erase', answers: [409] },
      schema: {
        tags: ['settings'],
        params: idParams,
        body: eraseBody,
        response: { 200: erasureResponse },
      },
    },
    async (req) => eraseStudent(app.db, me(req), req.params.id, req.body),
  );

  app.put(
    '/settings/house-system',
    {
      config: { action: 'settings:houseSystem' },
      schema: {
        tags: ['settings'],
        body: houseSystemBody,
        response: { 200: schoolSettingsResponse },
      },
    },
    async (req) => setHouseSystem(app.db, me(req), req.body),
  );

  app.put(
    '/settings/advanced',
    {
      config: { action: 'settings:advanced' },
      schema: {
        tags: ['settings'],
        body: advancedSettingsBody,
        response: { 200: schoolSettingsResponse },
      },
    },
    async (req) => setAdvanced(app.db, me(req), req.body),
  );

  app.get(
    '/settings/school',
    {
      config: { action: 'settings:school' },
      schema: { tags: ['settings'], querystring: time, response: { 200: schoolProfileResponse } },
    },
    async (req) => schoolProfile(app.db, me(req)),
  );

  app.put(
    '/settings/school',
    {
      config: { action: 'settings:school' },
      schema: {
        tags: ['settings'],
        body: schoolProfileBody,
        response: { 200: schoolProfileResponse },
      },
    },
    async (req) => setSchoolProfile(app.db, me(req), req.body),
  );
};
