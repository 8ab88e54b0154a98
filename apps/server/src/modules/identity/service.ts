/**
 * What other modules use of identity: the account-setup links (invitations and the shell's owner
 * link), and a guardian's one-time sign-in links (docs/decisions/115-guardians.md).
 */
export { emailSignInLink, signInWithLink } from './email-links.js';
export { sendInvitation } from './invitations.js';
export { accountSetupLink } from './password-links.js';
