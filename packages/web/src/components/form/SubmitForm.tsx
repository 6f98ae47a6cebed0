/**
 * A public page's form: its fields with even gaps over one full-width submit button. The browser's
 * own checks are off (noValidate): the shared schema's messages show next to the fields instead.
 */
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from '../ui/Button.tsx';

interface SubmitFormProps {
  /** The form `useSchemaForm` focuses the first invalid field of. */
  form: RefObject<HTMLFormElement | null>;
  /** The call runs: the button shows a spinner and takes no second press. */
  busy: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  /** The button's text, also its accessible name. */
  submitLabel: string;
  children: ReactNode;
}

export function SubmitForm({ form, busy, onSubmit, submitLabel, children }: SubmitFormProps) {
  return (
    <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
      {children}
      <Button type="submit" busy={busy} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
