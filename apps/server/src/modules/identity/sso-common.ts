import type { SsoProvider } from '@app/domain';
import type { ssoConfigs } from '../../db/schema.js';

/* What the SSO sign-in (sso.ts) and the school's SSO settings (sso-settings.ts) share. */

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;

export const redirectUriFor = (baseUrl: string, provider: SsoProvider) =>
  `${baseUrl}/login/${provider}`;

/** The issuer as logged: without any user name or password a stored URL may carry. */
export const loggable = (issuer: string): string => {
  try {
    const u = new URL(issuer);
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return '(not a URL)';
  }
};
