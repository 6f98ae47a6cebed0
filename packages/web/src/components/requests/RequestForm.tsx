/** Filing a request: category, title, description, an optional photo with upload progress. */
import { useRef, useState, type FormEvent } from 'react';
import {
  REQUEST_CATEGORIES,
  REQUEST_CATEGORY_LABELS,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_PHOTO_MAX_BYTES,
  REQUEST_TITLE_MAX,
  createRequestFieldsSchema,
  type CreateRequestFields,
  type RequestCategory,
  type RequestDetail,
} from '@stoop/shared';
import { SelectField, TextAreaField, TextField, focusFirstInvalid } from '../form/fields.tsx';
import { validate } from '../form/validate.ts';
import { UploadProgress } from '../chat/UploadProgress.tsx';
import { Button } from '../ui/Button.tsx';

type Errors = Partial<Record<keyof CreateRequestFields | 'photo', string | undefined>>;

const CATEGORY_OPTIONS = REQUEST_CATEGORIES.map((value) => ({
  value,
  label: REQUEST_CATEGORY_LABELS[value],
}));
const PHOTO_LIMIT_MB = Math.round(REQUEST_PHOTO_MAX_BYTES / (1024 * 1024));

interface Props {
  progress: number | null;
  onSubmit: (fields: CreateRequestFields, photo: File | null) => Promise<RequestDetail | null>;
  onCancel: () => void;
}

export function RequestForm({ progress, onSubmit, onCancel }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const [category, setCategory] = useState<RequestCategory>('maintenance');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  /** A field's error goes as soon as it is edited; the next submit checks again. */
  const edit =
    <T,>(field: keyof CreateRequestFields, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors((e) => ({ ...e, [field]: undefined }));
    };

  function pickPhoto(file: File | null) {
    if (file && !file.type.startsWith('image/')) {
      setErrors((e) => ({ ...e, photo: 'Choose an image (PNG, JPEG, GIF or WebP)' }));
      return;
    }
    if (file && file.size > REQUEST_PHOTO_MAX_BYTES) {
      setErrors((e) => ({ ...e, photo: `The photo is too large; the limit is ${PHOTO_LIMIT_MB} MB` }));
      return;
    }
    setErrors((e) => ({ ...e, photo: undefined }));
    setPhoto(file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(createRequestFieldsSchema, { category, title, description });
    if (!checked.ok) {
      setErrors(checked.errors);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    setBusy(true);
    const made = await onSubmit(checked.data, photo);
    setBusy(false);
    if (made) {
      setTitle('');
      setDescription('');
      setPhoto(null);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="New request"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 className="text-base font-semibold text-slate-900">New request to the office</h2>
      <SelectField
        label="Category"
        name="category"
        value={category}
        onValueChange={edit('category', (value: string) => setCategory(value as RequestCategory))}
        options={CATEGORY_OPTIONS}
        error={errors.category}
      />
      <TextField
        label="Title"
        name="title"
        value={title}
        onValueChange={edit('title', setTitle)}
        maxLength={REQUEST_TITLE_MAX}
        error={errors.title}
        placeholder="e.g. Kitchen tap is leaking"
      />
      <TextAreaField
        label="Description"
        name="description"
        value={description}
        onValueChange={edit('description', setDescription)}
        maxLength={REQUEST_DESCRIPTION_MAX}
        rows={4}
        error={errors.description}
        hint="Where, since when, and when someone can come in."
      />
      <div>
        <label htmlFor="request-photo" className="block text-sm font-medium text-slate-800">
          Photo (optional)
        </label>
        <input
          id="request-photo"
          name="photo"
          type="file"
          accept="image/*"
          onChange={(e) => pickPhoto(e.target.files?.[0] ?? null)}
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={errors.photo ? 'request-photo-error' : 'request-photo-hint'}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800"
        />
        {errors.photo ? (
          <p id="request-photo-error" className="mt-1.5 text-sm text-red-700">
            {errors.photo}
          </p>
        ) : (
          <p id="request-photo-hint" className="mt-1.5 text-xs text-slate-500">
            An image up to {PHOTO_LIMIT_MB} MB; its location data is removed.
          </p>
        )}
        {progress !== null ? <UploadProgress progress={progress} onCancel={null} /> : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Send request
        </Button>
      </div>
    </form>
  );
}
