/** Calls for the public account screens and the profile (R-API-7, R-API-27, R-API-28). */
import type { User } from '@stoop/shared';
import { callApi } from '../http/client.ts';

export async function requestPasswordReset(email: string): Promise<void> {
  await callApi('forgotPassword', { body: { email } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await callApi('resetPassword', { body: { token, password } });
}

export async function sendContactMessage(body: {
  name: string;
  email: string;
  message: string;
}): Promise<void> {
  await callApi('contact', { body });
}

/** PUT /api/profile as multipart (R-API-7): username, email, description, avatar, avatarPath, metadata JSON. */
export async function updateProfile(form: FormData): Promise<User> {
  const body = await callApi('updateProfile', { body: form });
  // An answer without a user (an unexpected server) must not pass for a saved profile.
  if (!(body as { user?: User } | undefined)?.user) {
    throw new Error('Saving the profile failed: Invalid response from server');
  }
  return body.user;
}
