import { z } from 'zod';
import { eraseBody, erasureResponse } from '../data.js';
import { guardianInviteBody, guardianInviteResponse, guardianListResponse } from '../guardians.js';
import {
  bulkInvitationResponse,
  invitationBody,
  invitationListResponse,
  invitationResponse,
  schoolTokenBody,
  schoolTokenIssuedResponse,
  schoolTokenListResponse,
  signInLimitListResponse,
  signInLimitParams,
  ssoConfigBody,
  ssoConfigListResponse,
  ssoConfigResponse,
  ssoProviderParams,
} from '../identity.js';
import { okResponse } from '../responses.js';
import { powerActionsResponse } from '../responses-activity.js';
import {
  deliveryDateResponse,
  deliverySettingsResponse,
  storeStateResponse,
} from '../responses-store.js';
import { powerActionsBody } from '../schemas-activity.js';
import { deliveryDateBody, deliverySettingsBody, storeStateBody } from '../schemas-store.js';
import { schoolProfileBody, schoolProfileResponse } from '../school-profile.js';
import { schoolYearBody, schoolYearViewResponse } from '../school-years.js';
import {
  advancedSettingsBody,
  houseSystemBody,
  roleChangeResponse,
  schoolSettingsResponse,
  settingsViewResponse,
  userRolesBody,
  userRolesResponse,
  usersRolesListResponse,
  usersRolesQuery,
} from '../settings.js';
import { call } from './define.js';

const tags = ['settings'];
const time = z.object({ time: z.string().optional() });
const idParams = z.object({ id: z.string().max(100) });
const tokenIdParams = z.object({ id: z.uuid({ error: 'id must be a school token id' }) });

/** `/api/v1/settings`: the school's settings tabs (school admins, and store managers for the store's). */
export const settings = {
  /** The school's settings as the settings screen shows them. */
  get: call({
    method: 'GET',
    path: '/api/v1/settings',
    action: 'settings:read',
    tags,
    query: time,
    response: { 200: settingsViewResponse },
  }),
  /** The users and their roles, a page at a time. */
  users: call({
    method: 'GET',
    path: '/api/v1/settings/users/roles',
    action: 'settings:users',
    tags,
    query: usersRolesQuery,
    response: { 200: usersRolesListResponse },
  }),
  /** The audit trail of role changes: everyone's, or one user's. */
  roleChanges: call({
    method: 'GET',
    path: '/api/v1/settings/users/roles/audit',
    action: 'settings:users',
    tags,
    query: z.object({
      userId: z.string().max(100).optional(),
      time: z.string().optional(),
    }),
    response: { 200: z.array(roleChangeResponse) },
  }),
  setRoles: call({
    method: 'PUT',
    path: '/api/v1/settings/users/roles/:id',
    action: 'settings:users',
    tags,
    params: idParams,
    body: userRolesBody,
    response: { 200: userRolesResponse },
  }),
  /** Erases a student for good (docs/decisions/093-erasing-a-student.md): the ledger stays. */
  erase: call({
    method: 'POST',
    path: '/api/v1/settings/users/:id/erase',
    action: 'students:erase',
    answers: [409],
    tags,
    params: idParams,
    body: eraseBody,
    response: { 200: erasureResponse },
  }),
  setHouseSystem: call({
    method: 'PUT',
    path: '/api/v1/settings/house-system',
    action: 'settings:houseSystem',
    tags,
    body: houseSystemBody,
    response: { 200: schoolSettingsResponse },
  }),
  setAdvanced: call({
    method: 'PUT',
    path: '/api/v1/settings/advanced',
    action: 'settings:advanced',
    tags,
    body: advancedSettingsBody,
    response: { 200: schoolSettingsResponse },
  }),
  /** The school's profile (docs/decisions/082-school-profile-in-settings.md). */
  profile: call({
    method: 'GET',
    path: '/api/v1/settings/school',
    action: 'settings:school',
    tags,
    query: time,
    response: { 200: schoolProfileResponse },
  }),
  setProfile: call({
    method: 'PUT',
    path: '/api/v1/settings/school',
    action: 'settings:school',
    tags,
    body: schoolProfileBody,
    response: { 200: schoolProfileResponse },
  }),
  /** Opens the school store, or closes it until a date or until opened again. */
  setStore: call({
    method: 'PUT',
    path: '/api/v1/settings/store',
    action: 'settings:store',
    tags,
    body: storeStateBody,
    response: { 200: storeStateResponse },
  }),
  /** The store's delivery model and its dates. */
  deliveryDates: call({
    method: 'GET',
    path: '/api/v1/settings/delivery-date',
    action: 'settings:store',
    tags,
    query: time,
    response: { 200: deliverySettingsResponse },
  }),
  /** The store's delivery model with the whole list of dates. */
  setDeliverySettings: call({
    method: 'PUT',
    path: '/api/v1/settings/delivery-date',
    action: 'settings:store',
    tags,
    body: deliverySettingsBody,
    response: { 200: deliverySettingsResponse },
  }),
  addDeliveryDate: call({
    method: 'POST',
    path: '/api/v1/settings/delivery-date',
    action: 'settings:store',
    tags,
    body: deliveryDateBody,
    response: { 200: deliveryDateResponse },
  }),
  updateDeliveryDate: call({
    method: 'PUT',
    path: '/api/v1/settings/delivery-date/:id',
    action: 'settings:store',
    tags,
    params: idParams,
    body: deliveryDateBody,
    response: { 200: deliveryDateResponse },
  }),
  removeDeliveryDate: call({
    method: 'DELETE',
    path: '/api/v1/settings/delivery-date/:id',
    action: 'settings:store',
    tags,
    params: idParams,
    response: { 200: okResponse },
  }),
  /** The year in force, its pay periods, the balance policy, the next year's opening. */
  schoolYear: call({
    method: 'GET',
    path: '/api/v1/settings/school-year',
    action: 'settings:schoolYear',
    tags,
    query: time,
    response: { 200: schoolYearViewResponse },
  }),
  /** The year in force's dates and the school's balance policy. */
  setSchoolYear: call({
    method: 'PUT',
    path: '/api/v1/settings/school-year',
    action: 'settings:schoolYear',
    answers: [409],
    tags,
    body: schoolYearBody,
    response: { 200: schoolYearViewResponse },
  }),
  /** The power actions a staff member (`id`) gives with one tap. */
  setPowerActions: call({
    method: 'PUT',
    path: '/api/v1/settings/power-actions/:id',
    action: 'powerActions:set',
    tags: ['activity'],
    params: idParams,
    body: powerActionsBody,
    response: { 200: powerActionsResponse },
  }),

  // Sign-in: the school's SSO clients, school tokens, refused addresses and invitations.
  ssoConfigs: call({
    method: 'GET',
    path: '/api/v1/settings/sso',
    action: 'settings:identity',
    tags,
    query: time,
    response: { 200: ssoConfigListResponse },
  }),
  putSso: call({
    method: 'PUT',
    path: '/api/v1/settings/sso/:provider',
    action: 'settings:identity',
    tags,
    params: ssoProviderParams,
    body: ssoConfigBody,
    response: { 200: ssoConfigResponse },
  }),
  deleteSso: call({
    method: 'DELETE',
    path: '/api/v1/settings/sso/:provider',
    action: 'settings:identity',
    tags,
    params: ssoProviderParams,
    response: { 200: okResponse },
  }),
  schoolTokens: call({
    method: 'GET',
    path: '/api/v1/settings/school-tokens',
    action: 'settings:identity',
    tags,
    query: time,
    response: { 200: schoolTokenListResponse },
  }),
  issueToken: call({
    method: 'POST',
    path: '/api/v1/settings/school-tokens',
    action: 'settings:identity',
    tags,
    body: schoolTokenBody,
    response: { 200: schoolTokenIssuedResponse },
  }),
  /** A new secret for a school token: the old one stops working. */
  rotateToken: call({
    method: 'POST',
    path: '/api/v1/settings/school-tokens/:id/rotate',
    action: 'settings:identity',
    tags,
    params: tokenIdParams,
    response: { 200: schoolTokenIssuedResponse },
  }),
  revokeToken: call({
    method: 'DELETE',
    path: '/api/v1/settings/school-tokens/:id',
    action: 'settings:identity',
    tags,
    params: tokenIdParams,
    response: { 200: okResponse },
  }),
  /** The addresses the sign-in limits refuse now. */
  signInLimits: call({
    method: 'GET',
    path: '/api/v1/settings/sign-in-limits',
    action: 'settings:identity',
    tags,
    query: time,
    response: { 200: signInLimitListResponse },
  }),
  /** Lets a refused address sign in again. */
  liftAddress: call({
    method: 'DELETE',
    path: '/api/v1/settings/sign-in-limits/:address',
    action: 'settings:identity',
    tags,
    params: signInLimitParams,
    response: { 200: okResponse },
  }),
  // Invitations (docs/decisions/132-invitations-without-mail.md): when no mail can go out, the
  // answer carries the one-time link (every API answer is no-store).
  invitations: call({
    method: 'GET',
    path: '/api/v1/settings/invitations',
    action: 'settings:identity',
    tags,
    query: time,
    response: { 200: invitationListResponse },
  }),
  /** Invites one person to set up their account. */
  invite: call({
    method: 'POST',
    path: '/api/v1/settings/invitations',
    action: 'settings:identity',
    tags,
    body: invitationBody,
    response: { 200: invitationResponse },
  }),
  /** Invites each of the school's staff who has an address, no sign-in and no invitation pending. */
  inviteEveryone: call({
    method: 'POST',
    path: '/api/v1/settings/invitations/all',
    action: 'settings:identity',
    tags,
    response: { 200: bulkInvitationResponse },
  }),

  // Guardians (docs/decisions/115-guardians.md).
  guardians: call({
    method: 'GET',
    path: '/api/v1/settings/guardians',
    action: 'guardians:manage',
    tags,
    response: { 200: guardianListResponse },
  }),
  inviteGuardian: call({
    method: 'POST',
    path: '/api/v1/settings/guardians',
    action: 'guardians:manage',
    answers: [409],
    tags,
    body: guardianInviteBody,
    response: { 200: guardianInviteResponse },
  }),
};
