/** What other modules use of identity: the account-setup links (invitations and the shell's owner link). */
export { accountSetupLink, sendInvitation } from './password-links.js';
