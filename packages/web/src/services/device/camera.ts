/**
 * Taking a profile photo (R-PROFILE-5). In the android and ios shells the native camera
 * (@capacitor/camera) takes it: front camera, JPEG quality 80, at most 1024x1024, returned as a
 * timestamped .jpg File ready for PUT /api/profile. In a browser the caller opens its
 * `<input type="file" accept="image/*" capture="user">` instead: phones open the camera from it,
 * and desktops, which have no camera capture there, show the ordinary file picker.
 */
import { TEXTS } from '@stoop/shared/texts';
import { logger } from '../logger/logger.ts';
import { isNativePlatform } from './platform.ts';

const AVATAR_PHOTO_QUALITY = 80;
const AVATAR_PHOTO_MAX_PX = 1024;

export type AvatarPhoto =
  /** The native camera took a picture. */
  | { kind: 'photo'; file: File }
  /** The resident closed the camera without a picture: nothing to report. */
  | { kind: 'cancelled' }
  /** Not in a native shell: open the camera file input (it falls back to the file picker). */
  | { kind: 'file-input' };

/** The plugins' wording when the resident backs out (android, ios and web implementations). */
const CANCELLED = /cancel/i;

/** `avatar-20261123T183204123Z.jpg`: unique enough per resident and sortable. */
export function avatarPhotoName(at: Date): string {
  return `avatar-${at.toISOString().replace(/[-:.]/g, '')}.jpg`;
}

function jpegFromBase64(base64: string, name: string): File {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type: 'image/jpeg' });
}

/**
 * Takes a photo with the native camera, or says to use the file input on the web. A native
 * failure throws `Failed to capture photo with native camera` (R-ERR-8) for the caller's toast.
 */
export async function takeAvatarPhoto(now: () => Date = () => new Date()): Promise<AvatarPhoto> {
  if (!isNativePlatform()) return { kind: 'file-input' };
  try {
    // Loaded on demand: the plugin's code is only needed in the shells, when the camera opens.
    const { Camera, CameraDirection, CameraResultType, CameraSource } = await import('@capacitor/camera');
    const photo = await Camera.getPhoto({
      source: CameraSource.Camera,
      direction: CameraDirection.Front,
      resultType: CameraResultType.Base64,
      quality: AVATAR_PHOTO_QUALITY,
      width: AVATAR_PHOTO_MAX_PX,
      height: AVATAR_PHOTO_MAX_PX,
      correctOrientation: true,
      allowEditing: false,
      saveToGallery: false,
    });
    if (!photo.base64String) throw new Error('The camera returned no picture');
    return { kind: 'photo', file: jpegFromBase64(photo.base64String, avatarPhotoName(now())) };
  } catch (error) {
    if (error instanceof Error && CANCELLED.test(error.message)) return { kind: 'cancelled' };
    logger.error('Native photo capture failed', error);
    throw new Error(TEXTS.nativeCameraFailed, { cause: error });
  }
}
