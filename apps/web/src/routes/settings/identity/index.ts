/** The school's sign-in settings, self-contained for the settings page to mount (school admins: settings:identity). */
export { SsoSettings } from './SsoSettings';
export { SchoolTokens } from './SchoolTokens';
export { Invitations } from './Invitations';
