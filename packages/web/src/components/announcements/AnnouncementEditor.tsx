/**
 * Write or edit an announcement: title, markdown text with a preview, pinned and urgent. Errors
 * from the server arrive as toasts (the store); empty fields are refused here first.
 */
import { useState, type FormEvent } from 'react';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type Announcement,
  type CreateAnnouncementBody,
} from '@stoop/shared';
import { announcementRecipientCount } from '../../stores/announcements.ts';
import { TextAreaField, TextField } from '../form/fields.tsx';
import { Button } from '../ui/Button.tsx';
import { AnnouncementBody } from './AnnouncementBody.tsx';

interface AnnouncementEditorProps {
  /** The announcement being edited; absent for a new one. */
  editing?: Announcement;
  /** Resolves true when saved, which clears (new) or closes (edit) the form. */
  onSave: (body: CreateAnnouncementBody) => Promise<boolean>;
  onCancel?: () => void;
}

export function AnnouncementEditor({ editing, onSave, onCancel }: AnnouncementEditorProps) {
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [pinned, setPinned] = useState(editing?.pinned ?? false);
  const [urgent, setUrgent] = useState(editing?.urgent ?? false);
  const [preview, setPreview] = useState(false);
  /** A local date and time to send at; empty sends at once. */
  const [sendAt, setSendAt] = useState('');
  const scheduled = !editing && sendAt !== '';
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  /** How many residents an urgent post is about to notify, while the admin confirms. */
  const [confirmCount, setConfirmCount] = useState<number | null>(null);

  const submit = async (event: FormEvent | null, confirmed = false) => {
    event?.preventDefault();
    const found = {
      ...(title.trim() ? {} : { title: 'An announcement needs a title' }),
      ...(body.trim() ? {} : { body: 'An announcement needs a text' }),
    };
    setErrors(found);
    if (found.title || found.body) return;
    if (urgent && !editing && !scheduled && !confirmed) {
      setBusy(true);
      // Everyone who can sign in but the author hears of it.
      const count = await announcementRecipientCount().catch(() => 0);
      setBusy(false);
      setConfirmCount(count);
      return;
    }
    setConfirmCount(null);
    setBusy(true);
    const saved = await onSave({
      title: title.trim(),
      body: body.trim(),
      pinned,
      urgent,
      ...(scheduled ? { sendAt: new Date(sendAt).toISOString() } : {}),
    });
    setBusy(false);
    if (saved && !editing) {
      setTitle('');
      setBody('');
      setPinned(false);
      setUrgent(false);
      setSendAt('');
      setPreview(false);
    }
  };

  const heading = editing ? 'Edit announcement' : 'New announcement';
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={heading}
      noValidate
    >
      <h2 className="text-sm font-semibold text-slate-800">{heading}</h2>
      <TextField
        label="Title"
        value={title}
        onValueChange={setTitle}
        maxLength={ANNOUNCEMENT_TITLE_MAX}
        error={errors.title}
        required
      />
      {preview ? (
        <div>
          <p className="text-sm font-medium text-slate-800">Preview</p>
          <div
            className="mt-1.5 min-h-24 rounded-lg border border-slate-200 p-3"
            data-testid="announcement-preview"
          >
            {body.trim() ? (
              <AnnouncementBody source={body} />
            ) : (
              <p className="text-sm text-slate-500">Nothing yet.</p>
            )}
          </div>
        </div>
      ) : (
        <TextAreaField
          label="Text"
          value={body}
          onValueChange={setBody}
          maxLength={ANNOUNCEMENT_BODY_MAX}
          error={errors.body}
          hint="Markdown: **bold**, _italic_, lists and links."
          rows={6}
          required
        />
      )}
      <div className="flex flex-wrap gap-4 text-sm text-slate-700">
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} /> Pin to the
          top
        </label>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" checked={urgent} onChange={(e) => setUrgent(e.target.checked)} /> Urgent
          (reaches everyone at once)
        </label>
        {editing ? null : (
          <label className="inline-flex min-h-11 items-center gap-2">
            Send later
            <input
              type="datetime-local"
              value={sendAt}
              onChange={(e) => setSendAt(e.target.value)}
              className="rounded-md border border-slate-300 px-2 py-1"
            />
          </label>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => setPreview(!preview)} aria-pressed={preview}>
          {preview ? 'Back to editing' : 'Preview'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {confirmCount !== null ? (
          <div
            role="alertdialog"
            aria-label="Send this urgent announcement?"
            className="flex w-full flex-wrap items-center gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            <span className="min-w-0 flex-1">
              This notifies all {confirmCount} residents now, by push and mail.
            </span>
            <Button variant="danger" onClick={() => void submit(null, true)} busy={busy} autoFocus>
              Send now
            </Button>
            <Button variant="secondary" onClick={() => setConfirmCount(null)}>
              Cancel
            </Button>
          </div>
        ) : null}
        <Button type="submit" busy={busy}>
          {editing ? 'Save changes' : 'Post announcement'}
        </Button>
      </div>
    </form>
  );
}
