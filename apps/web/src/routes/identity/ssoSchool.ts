import { readStored, writeStored } from '../../api';

/** The school code last used for SSO on this browser, so the next sign-in goes straight to the provider. */
const KEY = 'ssoSchool';
export const lastSsoSchool = (): string => readStored(KEY) ?? '';
export const rememberSsoSchool = (code: string): void => writeStored(KEY, code);
