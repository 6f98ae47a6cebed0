/** Calls for the public account screens and the profile. */
import type { NotificationSettings, User } from '@stoop/shared';
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

/** PUT /api/profile as multipart: username, email, description, avatar, avatarPath, metadata JSON. */
export async function updateProfile(form: FormData): Promise<User> {
  const body = await callApi('updateProfile', { body: form });
  // An answer without a user (an unexpected server) must not pass for a saved profile.
  if (!(body as { user?: User } | undefined)?.user) {
    throw new Error('Saving the profile failed: Invalid response from server');
  }
  return body.user;
}

/** The resident's notification settings. */
export async function loadNotificationSettings(): Promise<NotificationSettings> {
  return (await callApi('getNotificationSettings')).settings;
}

/** Replaces them whole; answers what the server stored. */
export async function saveNotificationSettings(
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return (await callApi('updateNotificationSettings', { body: settings })).settings;
}

/** A mail's signed unsubscribe link, without a session. */
export async function unsubscribeFromMail(token: string): Promise<void> {
  await callApi('unsubscribeMail', { query: { token } });
}
