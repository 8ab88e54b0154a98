import { basics } from './i18n/en/basics.js';

/**
 * The messages of docs/spec.md section 8 that the web's first chunk needs (the API client's and
 * the session's): apart from MSG, which holds every message in one object
 * (docs/decisions/109-i18n.md). MSG repeats them.
 */
export const BASIC_MSG = {
  unauthorized: basics['msg.unauthorized'],
  tryLater: basics['msg.tryLater'],
  someError: basics['msg.someError'],
  errorFetching: basics['msg.errorFetching'],
  noToken: basics['msg.noToken'],
  noRoles: basics['msg.noRoles'],
} as const;
