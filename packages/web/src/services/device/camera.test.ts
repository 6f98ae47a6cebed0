import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@stoop/shared/texts';
import { avatarPhotoName, takeAvatarPhoto } from './camera.ts';
import { stubNativeBridge } from '../../test/native-bridge.ts';

const platform = vi.hoisted(() => ({ current: 'web' }));
const getPhoto = vi.hoisted(() => vi.fn());
stubNativeBridge(() => platform.current);
vi.mock('@capacitor/camera', () => ({
  Camera: { getPhoto },
  CameraDirection: { Front: 'FRONT' },
  CameraResultType: { Base64: 'base64' },
  CameraSource: { Camera: 'CAMERA' },
}));
vi.mock('../logger/logger.ts', () => ({ logger: { error: vi.fn() } }));

const at = new Date('2026-11-23T18:32:04.123Z');

describe('takeAvatarPhoto (R-PROFILE-5)', () => {
  beforeEach(() => {
    getPhoto.mockReset();
    platform.current = 'web';
  });

  it('on the web falls back to the file input and never opens the native camera', async () => {
    await expect(takeAvatarPhoto()).resolves.toEqual({ kind: 'file-input' });
    expect(getPhoto).not.toHaveBeenCalled();
  });

  it('natively takes a front-camera JPEG, quality 80, at most 1024x1024, named by its time', async () => {
    platform.current = 'android';
    getPhoto.mockResolvedValue({ base64String: btoa('\xff\xd8\xff fake jpeg'), format: 'jpeg' });
    const result = await takeAvatarPhoto(() => at);
    expect(getPhoto).toHaveBeenCalledWith(
      expect.objectContaining({
        source: 'CAMERA',
        direction: 'FRONT',
        resultType: 'base64',
        quality: 80,
        width: 1024,
        height: 1024,
        saveToGallery: false,
      }),
    );
    if (result.kind !== 'photo') throw new Error(`expected a photo, got ${result.kind}`);
    expect(result.file.name).toBe('avatar-20261123T183204123Z.jpg');
    expect(result.file.type).toBe('image/jpeg');
    expect(result.file.size).toBe('\xff\xd8\xff fake jpeg'.length);
  });

  it('R-ERR-8: a native failure throws the fixed text', async () => {
    platform.current = 'ios';
    getPhoto.mockRejectedValue(new Error('Camera not available'));
    await expect(takeAvatarPhoto()).rejects.toThrow(TEXTS.nativeCameraFailed);
    getPhoto.mockResolvedValue({ format: 'jpeg' }); // an answer without a picture fails the same way
    await expect(takeAvatarPhoto()).rejects.toThrow(TEXTS.nativeCameraFailed);
  });

  it('a resident who backs out of the camera is not an error', async () => {
    platform.current = 'android';
    getPhoto.mockRejectedValue(new Error('User cancelled photos app'));
    await expect(takeAvatarPhoto()).resolves.toEqual({ kind: 'cancelled' });
  });

  it('names are timestamped .jpg files', () => {
    expect(avatarPhotoName(at)).toMatch(/^avatar-\d{8}T\d{9}Z\.jpg$/);
  });
});
