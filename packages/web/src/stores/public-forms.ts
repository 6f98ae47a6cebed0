/**
 * The public forms' calls (password reset, contact, unsubscribe): their one door to the network.
 * Apart from the signed-in account's calls (account.ts) so that a public page loads none of the
 * signed-in code those bring with them, such as the read receipts they reset.
 */
export {
  requestPasswordReset,
  resetPassword,
  sendContactMessage,
  unsubscribeFromMail,
} from '../services/api/account-api.ts';
