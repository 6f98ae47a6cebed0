/**
 * The signed-in account screens' calls: the profile, notification settings, and the devices and
 * apps signed in to the account (the public forms' calls are in public-forms.ts). The screens keep
 * their own form state; this is their one door to the network, so a change of a call's shape is
 * found here.
 */
import type { NativeSessionsResponse, PushDevice, User } from '@stoop/shared';
import { updateProfile } from '../services/api/account-api.ts';
import { useReadReceiptsStore } from './read-receipts.ts';
import { callApi } from '../services/http/client.ts';
import { useAuthStore } from './auth.ts';

export { loadNotificationSettings, saveNotificationSettings } from '../services/api/account-api.ts';

/** Saves the profile (multipart) and makes the saved account the signed-in one. */
export async function saveProfile(form: FormData): Promise<User> {
  const saved = await updateProfile(form);
  useAuthStore.getState().setUser(saved);
  return saved;
}

/**
 * Turns sharing read receipts on or off. The receipts loaded so far were answered
 * under the old setting, so they are dropped (and asked for again when turned on).
 */
export async function saveReadReceiptsSetting(share: boolean): Promise<User> {
  const form = new FormData();
  form.set('shareReadReceipts', String(share));
  const saved = await updateProfile(form);
  useAuthStore.getState().setUser(saved);
  void useReadReceiptsStore.getState().sharingChanged(saved.shareReadReceipts);
  return saved;
}

/** The devices that receive push notifications. */
export async function listPushDevices(): Promise<PushDevice[]> {
  return (await callApi('listPushDevices')).devices;
}

export async function removePushDevice(id: string): Promise<void> {
  await callApi('removePushDevice', { params: { id } });
}

/** The android and ios apps signed in to the account. */
export async function listSignedInApps(): Promise<NativeSessionsResponse['sessions']> {
  return (await callApi('listNativeSessions')).sessions;
}

export async function signOutApp(id: string): Promise<void> {
  await callApi('revokeNativeSession', { params: { id } });
}

/**
 * Stops push on every device, then ends every session of the account, this one too;
 * the caller signs this device out locally once both are done.
 */
export async function endEverySession(): Promise<void> {
  await callApi('unregisterPushToken', { query: { all: 'true' } });
  await callApi('logoutEverywhere');
}
