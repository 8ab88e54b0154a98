/**
 * What other modules use of identity: the account-setup links (invitations and the shell's owner
 * link), and a guardian's one-time sign-in links (docs/decisions/115-guardians.md).
 */
export {
  accountSetupLink,
  emailSignInLink,
  sendInvitation,
  signInWithLink,
} from './password-links.js';
