import { z } from 'zod';
import {
  districtFiguresResponse,
  districtInvitationBody,
  districtInvitationResponse,
  districtSchoolParams,
  districtSchoolResponse,
  districtSchoolsResponse,
  newSchoolBody,
} from '../district.js';
import { call } from './define.js';

const tags = ['district'];
const time = z.object({ time: z.string().optional() });

/** `/api/v1/district`: the district console (docs/decisions/074-districts-and-their-owners.md), super admins, their own district only. */
export const district = {
  schools: call({
    method: 'GET',
    path: '/api/v1/district/schools',
    action: 'district:read',
    tags,
    query: time,
    response: { 200: districtSchoolsResponse },
  }),
  /** The district's figures, school by school. */
  figures: call({
    method: 'GET',
    path: '/api/v1/district/figures',
    action: 'district:read',
    tags,
    query: time,
    response: { 200: districtFiguresResponse },
  }),
  createSchool: call({
    method: 'POST',
    path: '/api/v1/district/schools',
    action: 'district:manage',
    answers: [409],
    tags,
    body: newSchoolBody,
    response: { 200: districtSchoolResponse },
  }),
  /** Invites an admin of one of the district's schools. */
  invite: call({
    method: 'POST',
    path: '/api/v1/district/schools/:id/invitations',
    action: 'district:manage',
    tags,
    params: districtSchoolParams,
    body: districtInvitationBody,
    response: { 200: districtInvitationResponse },
  }),
  /** Closes a school to its users. */
  disable: call({
    method: 'POST',
    path: '/api/v1/district/schools/:id/disable',
    action: 'district:manage',
    answers: [409],
    tags,
    params: districtSchoolParams,
    response: { 200: districtSchoolResponse },
  }),
  /** Opens a disabled school again. */
  enable: call({
    method: 'POST',
    path: '/api/v1/district/schools/:id/enable',
    action: 'district:manage',
    tags,
    params: districtSchoolParams,
    response: { 200: districtSchoolResponse },
  }),
};
