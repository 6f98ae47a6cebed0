/** A follow-up (the requester) or a note (the office) on a request. */
import { useState, type FormEvent } from 'react';
import { REQUEST_COMMENT_MAX } from '@stoop/shared/constants';
import { TextAreaField } from '../form/fields.tsx';
import { Button } from '../ui/Button.tsx';

interface Props {
  label: string;
  onSubmit: (text: string) => Promise<boolean>;
}

export function CommentForm({ label, onSubmit }: Props) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write something first');
      return;
    }
    setBusy(true);
    const ok = await onSubmit(text.trim());
    setBusy(false);
    if (ok) {
      setText('');
      setError(undefined);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" aria-label={label}>
      <TextAreaField
        label={label}
        value={text}
        onValueChange={setText}
        rows={2}
        maxLength={REQUEST_COMMENT_MAX}
        error={error}
      />
      <Button type="submit" variant="secondary" className="self-end" busy={busy}>
        Add
      </Button>
    </form>
  );
}
