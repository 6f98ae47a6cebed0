import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@stoop/shared/texts';
import { toast } from '../../services/ui/toast.ts';
import { AvatarField } from './AvatarField.tsx';

const camera = vi.hoisted(() => ({ takeAvatarPhoto: vi.fn() }));
vi.mock('../../services/device/camera.ts', () => camera);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderField = (onChange = vi.fn()) => {
  render(<AvatarField name="Ada" current={null} change={{ kind: 'keep' }} onChange={onChange} />);
  return onChange;
};

describe('AvatarField camera (R-PROFILE-5)', () => {
  it('on the web opens the camera file input (accept image/*, capture user) and takes its file', async () => {
    camera.takeAvatarPhoto.mockResolvedValue({ kind: 'file-input' });
    const onChange = renderField();
    const input = screen.getByTestId<HTMLInputElement>('avatar-camera-input');
    expect([input.accept, input.getAttribute('capture')]).toEqual(['image/*', 'user']);
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Take a photo' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const file = new File(['x'], 'selfie.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onChange).toHaveBeenCalledWith({ kind: 'replace', file });
  });

  it('uses the native photo as the new avatar', async () => {
    const file = new File(['x'], 'avatar-20261123T183204123Z.jpg', { type: 'image/jpeg' });
    camera.takeAvatarPhoto.mockResolvedValue({ kind: 'photo', file });
    const onChange = renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Take a photo' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ kind: 'replace', file }));
  });

  it('R-ERR-8: a failed native capture shows the fixed text as a toast', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue('t');
    camera.takeAvatarPhoto.mockRejectedValue(new Error(TEXTS.nativeCameraFailed));
    const onChange = renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Take a photo' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(TEXTS.nativeCameraFailed));
    expect(onChange).not.toHaveBeenCalled();
  });
});
