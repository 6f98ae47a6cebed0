/**
 * Avatar picker with a live preview; the file is only uploaded when the form is saved. "Take a
 * photo" uses the native camera in the shells and a camera file input on the web.
 */
import { Camera, ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { TEXTS } from '@stoop/shared/texts';
import { UserAvatar } from '../../components/shell/UserAvatar.tsx';
import { takeAvatarPhoto } from '../../services/device/camera.ts';
import { toast } from '../../services/ui/toast.ts';
import type { AvatarChange } from './profile-form.ts';

interface AvatarFieldProps {
  name: string;
  current: string | null;
  change: AvatarChange;
  onChange: (change: AvatarChange) => void;
  error?: string | undefined;
}

export function AvatarField({ name, current, change, onChange, error }: AvatarFieldProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [capturing, setCapturing] = useState(false);
  const pick = (file: File | undefined) => {
    if (file) onChange({ kind: 'replace', file });
  };

  async function takePhoto() {
    setCapturing(true);
    try {
      const photo = await takeAvatarPhoto();
      if (photo.kind === 'photo') pick(photo.file);
      else if (photo.kind === 'file-input') cameraInput.current?.click();
    } catch {
      // The fixed text, through the one toast service.
      toast.error(TEXTS.nativeCameraFailed);
    } finally {
      setCapturing(false);
    }
  }
  const preview = useMemo(
    () => (change.kind === 'replace' ? URL.createObjectURL(change.file) : null),
    [change],
  );
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = change.kind === 'replace' ? preview : change.kind === 'remove' ? null : current;

  return (
    <div>
      <span className="block text-sm font-medium text-slate-800">Profile picture</span>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <UserAvatar name={name || '?'} src={shown} className="h-20 w-20 text-xl" />
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600"
          >
            <ImageUp className="h-4 w-4" aria-hidden="true" />
            {shown ? 'Change picture' : 'Upload picture'}
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(e) => {
                pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          <button
            type="button"
            disabled={capturing}
            onClick={() => void takePhoto()}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            <Camera className="h-4 w-4" aria-hidden="true" />
            Take a photo
          </button>
          {/* The web's camera: phones open the front camera, desktops the file picker. */}
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="user"
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
            data-testid="avatar-camera-input"
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {shown ? (
            <button
              type="button"
              onClick={() =>
                onChange(change.kind === 'replace' && current ? { kind: 'keep' } : { kind: 'remove' })
              }
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {change.kind === 'replace' && current ? 'Undo' : 'Remove'}
            </button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p className="mt-1.5 text-xs text-slate-500">
          JPEG, PNG or WebP. It is shown as a square to your neighbours.
        </p>
      )}
    </div>
  );
}
