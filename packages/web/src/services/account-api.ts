/** Calls for the public account screens and the profile (DESIGN "Calls the spec does not show"). */
import type { User } from '@stoop/shared';
import { api } from './api.ts';

export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/api/forgot-password', { body: { email } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await api.post('/api/reset-password', { body: { token, password } });
}

export async function sendContactMessage(body: {
  name: string;
  email: string;
  message: string;
}): Promise<void> {
  await api.post('/api/contact', { body });
}

/** PUT /api/profile as multipart (SPEC 7): username, email, description, avatar, avatarPath, metadata JSON. */
export async function updateProfile(form: FormData): Promise<User> {
  const body = await api.put<{ user?: User } | undefined>('/api/profile', { body: form });
  if (!body?.user) throw new Error('Saving the profile failed: Invalid response from server');
  return body.user;
}
