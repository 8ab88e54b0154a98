import { z } from 'zod';
import {
  districtFiguresResponse,
  districtInvitationBody,
  districtInvitationResponse,
  districtSchoolParams,
  districtSchoolResponse,
  districtSchoolsResponse,
  newSchoolBody,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUrl } from '../../env.js';
import { me } from '../../lib/auth-context.js';
import { createMailer } from '../../lib/mailer.js';
import {
  createDistrictSchool,
  districtFigures,
  inviteSchoolAdmin,
  listDistrictSchools,
  setSchoolDisabled,
} from './service.js';

const timeQuery = z.object({ time: z.string().optional() });

/** The district console (docs/decisions/074-districts-and-their-owners.md): super admins, their own district only. */
export const districtRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = publicUrl(app.env);
  const mailer = createMailer(app.env, app.log);

  app.get(
    '/district/schools',
    {
      config: { action: 'district:read' },
      schema: {
        tags: ['district'],
        querystring: timeQuery,
        response: { 200: districtSchoolsResponse },
      },
    },
    async (req) => listDistrictSchools(app.db, me(req)),
  );

  app.get(
    '/district/figures',
    {
      config: { action: 'district:read' },
      schema: {
        tags: ['district'],
        querystring: timeQuery,
        response: { 200: districtFiguresResponse },
      },
    },
    async (req) => districtFigures(app.db, me(req)),
  );

  app.post(
    '/district/schools',
    {
      config: { action: 'district:manage', answers: [409] },
      schema: {
        tags: ['district'],
        body: newSchoolBody,
        response: { 200: districtSchoolResponse },
      },
    },
    async (req) => createDistrictSchool(app.db, me(req), req.body),
  );

  app.post(
    '/district/schools/:id/invitations',
    {
      config: { action: 'district:manage' },
      schema: {
        tags: ['district'],
        params: districtSchoolParams,
        body: districtInvitationBody,
        response: { 200: districtInvitationResponse },
      },
    },
    async (req) => inviteSchoolAdmin(app.db, mailer, baseUrl, me(req), req.params.id, req.body),
  );

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const)
    app.post(
      `/district/schools/:id/${verb}`,
      {
        config: { action: 'district:manage', answers: disabled ? [409] : [] },
        schema: {
          tags: ['district'],
          params: districtSchoolParams,
          response: { 200: districtSchoolResponse },
        },
      },
      async (req) => setSchoolDisabled(app.db, me(req), req.params.id, disabled),
    );
};
