import { API } from '@app/domain';
import { personToActOn } from '../access/users.js';
import { publicUrl } from '../env.js';
import { me } from '../lib/auth-context.js';
import { createMailer } from '../lib/mailer.js';
import { outboundPolicyFor } from '../lib/outbound.js';
import { routesOf } from '../lib/contract-routes.js';
import { setPowerActions } from '../modules/activities/types.js';
import {
  createDeliveryDate,
  deleteDeliveryDate,
  deliverySettings,
  replaceDeliverySettings,
  updateDeliveryDate,
} from '../modules/delivery-dates/service.js';
import { inviteGuardian, listGuardians } from '../modules/guardians/service.js';
import {
  inviteEveryone,
  listInvitations,
  sendInvitation,
} from '../modules/identity/password-links.js';
import {
  issueSchoolToken,
  listSchoolTokens,
  revokeSchoolToken,
  rotateSchoolToken,
  tokenHolder,
} from '../modules/identity/school-tokens.js';
import { liftAddress, refusedAddresses } from '../modules/identity/sign-in-limits.js';
import { deleteSsoConfig, listSsoConfigs, putSsoConfig } from '../modules/identity/sso.js';
import { schoolYearView, setSchoolYear } from '../modules/school-years/service.js';
import { eraseStudent } from '../modules/settings/erase.js';
import { schoolProfile, setSchoolProfile } from '../modules/settings/profile.js';
import {
  listUserRoles,
  roleChanges,
  schoolSettings,
  setAdvanced,
  setHouseSystem,
  setUserRoles,
} from '../modules/settings/service.js';
import { setStoreState } from '../modules/store/service.js';

/** The school's settings tabs: its profile, users and roles, store, school year, sign-in and guardians. */
export const settingsRoutes = routesOf('settings', API.settings, (app) => {
  const baseUrl = publicUrl(app.env);
  const mailer = createMailer(app.env, app.log);
  /** What the SSO calls may reach: in production https to public addresses only (docs/decisions/060-sso-issuer-public-internet.md). */
  const outbound = outboundPolicyFor(app.env);

  return {
    get: async (req) => schoolSettings(app.db, me(req)),
    users: async (req) => listUserRoles(app.db, me(req), req.query),
    roleChanges: async (req) => roleChanges(app.db, me(req), req.query.userId),
    setRoles: async (req) => setUserRoles(app.db, me(req), req.params.id, req.body),
    erase: async (req) => eraseStudent(app.db, me(req), req.params.id, req.body),
    setHouseSystem: async (req) => setHouseSystem(app.db, me(req), req.body),
    setAdvanced: async (req) => setAdvanced(app.db, me(req), req.body),
    profile: async (req) => schoolProfile(app.db, me(req)),
    setProfile: async (req) => setSchoolProfile(app.db, me(req), req.body),
    setStore: async (req) => setStoreState(app.db, me(req), req.body),

    deliveryDates: async (req) => deliverySettings(app.db, me(req)),
    setDeliverySettings: async (req) => replaceDeliverySettings(app.db, me(req), req.body),
    addDeliveryDate: async (req) => createDeliveryDate(app.db, me(req), req.body),
    updateDeliveryDate: async (req) => updateDeliveryDate(app.db, me(req), req.params.id, req.body),
    removeDeliveryDate: async (req) => {
      await deleteDeliveryDate(app.db, me(req), req.params.id);
      return { ok: true };
    },

    schoolYear: async (req) => schoolYearView(app.db, me(req)),
    setSchoolYear: async (req) => setSchoolYear(app.db, me(req), req.body),
    setPowerActions: async (req) =>
      setPowerActions(app.db, me(req), req.params.id, req.body.powerActions),

    ssoConfigs: async (req) => listSsoConfigs(app.db, me(req).schoolId, baseUrl),
    putSso: async (req) =>
      putSsoConfig(app.db, me(req).schoolId, req.params.provider, req.body, baseUrl, outbound),
    deleteSso: async (req) => {
      await deleteSsoConfig(app.db, me(req).schoolId, req.params.provider);
      return { ok: true };
    },
    schoolTokens: async (req) => listSchoolTokens(app.db, me(req).schoolId),
    issueToken: async (req) => {
      await personToActOn(app.db, me(req), req.body.userId);
      return issueSchoolToken(app.db, me(req).schoolId, me(req).id, req.body);
    },
    rotateToken: async (req) => {
      await personToActOn(
        app.db,
        me(req),
        await tokenHolder(app.db, me(req).schoolId, req.params.id),
      );
      return rotateSchoolToken(app.db, me(req).schoolId, me(req).id, req.params.id);
    },
    revokeToken: async (req) => {
      await personToActOn(
        app.db,
        me(req),
        await tokenHolder(app.db, me(req).schoolId, req.params.id),
      );
      await revokeSchoolToken(app.db, me(req).schoolId, req.params.id);
      return { ok: true };
    },
    signInLimits: async (req) => refusedAddresses(app.db, me(req).schoolId),
    liftAddress: async (req) => {
      await liftAddress(app.db, me(req).schoolId, req.params.address);
      return { ok: true };
    },
    invitations: async (req) => listInvitations(app.db, baseUrl, me(req)),
    invite: async (req) => {
      const admin = me(req);
      await personToActOn(app.db, admin, req.body.userId);
      return sendInvitation(
        app.db,
        mailer,
        baseUrl,
        { schoolId: admin.schoolId, id: admin.id, schoolName: admin.school.name },
        req.body,
      );
    },
    inviteEveryone: async (req) => inviteEveryone(app.db, mailer, baseUrl, me(req)),

    guardians: async (req) => listGuardians(app.db, me(req).schoolId),
    inviteGuardian: async (req) => inviteGuardian(app.db, mailer, baseUrl, me(req), req.body),
  };
});
