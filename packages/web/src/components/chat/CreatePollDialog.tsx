/**
 * Ask a poll in the open conversation: a question, 2–10 options (rows are added
 * and removed), single or multiple choice, anonymous or not. The shared schema checks the form
 * before it is sent; the server's refusal shows as a toast.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import {
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_OPTION_MAX,
  POLL_QUESTION_MAX,
} from '@stoop/shared/constants';
import { isApiError } from '../../services/api-error.ts';
import { toast } from '../../services/ui/toast.ts';
import { usePollsStore } from '../../stores/polls.ts';
import { ChatDialogFrame } from './ChatDialogFrame.tsx';
import { useDialogFocus } from './dialog-focus.ts';

interface Props {
  conversationId: string;
  onClose: () => void;
}

const field =
  'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none';

/** What is wrong with the form, in the words the resident needs, or null when it may be sent. */
function problemOf(question: string, options: string[]): string | null {
  if (!question.trim()) return 'A poll needs a question.';
  const filled = options.map((o) => o.trim()).filter(Boolean);
  if (filled.length < POLL_OPTIONS_MIN) return `A poll needs at least ${POLL_OPTIONS_MIN} options.`;
  if (new Set(filled.map((o) => o.toLowerCase())).size !== filled.length)
    return 'Each option must be different.';
  return null;
}

export function CreatePollDialog({ conversationId, onClose }: Props) {
  const questionRef = useRef<HTMLInputElement>(null);
  const focus = useDialogFocus((open) => (open ? undefined : onClose()), questionRef);
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = problemOf(question, options);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || busy) return;
    setBusy(true);
    try {
      await usePollsStore.getState().ask(conversationId, {
        question: question.trim(),
        options: options.map((o) => o.trim()).filter(Boolean),
        multiple,
        anonymous,
      });
      onClose();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The poll could not be created. Please try again.');
      setBusy(false);
    }
  };

  return (
    <ChatDialogFrame
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="New poll"
      description="Ask your neighbours; everyone in this conversation can vote."
      focus={focus}
      scrolls
    >
      <form className="mt-4 flex min-h-0 flex-col gap-3 overflow-y-auto" onSubmit={(e) => void submit(e)}>
        <label className="text-sm font-medium text-slate-800">
          Question
          <input
            ref={questionRef}
            className={`${field} mt-1`}
            maxLength={POLL_QUESTION_MAX}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
          />
        </label>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">Options</legend>
          {options.map((option, index) => (
            <div key={index} className="flex items-center gap-2">
              <input
                className={field}
                aria-label={`Option ${index + 1}`}
                maxLength={POLL_OPTION_MAX}
                value={option}
                onChange={(e) => setOptions((all) => all.map((o, i) => (i === index ? e.target.value : o)))}
              />
              <button
                type="button"
                className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 disabled:opacity-40"
                aria-label={`Remove option ${index + 1}`}
                disabled={options.length <= POLL_OPTIONS_MIN}
                onClick={() => setOptions((all) => all.filter((_, i) => i !== index))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          ))}
          <button
            type="button"
            className="flex w-fit items-center gap-1 rounded-lg px-2 py-1 text-sm text-brand-700 hover:bg-brand-50 disabled:opacity-40"
            disabled={options.length >= POLL_OPTIONS_MAX}
            onClick={() => setOptions((all) => [...all, ''])}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add an option
          </button>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={multiple} onChange={(e) => setMultiple(e.target.checked)} />
          Residents may choose several options
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
          Anonymous: nobody sees who voted for what
        </label>
        {problem && question ? <p className="text-sm text-slate-600">{problem}</p> : null}
        <button
          type="submit"
          className="self-end rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-50"
          disabled={problem !== null || busy}
        >
          {busy ? 'Asking…' : 'Ask'}
        </button>
      </form>
    </ChatDialogFrame>
  );
}
