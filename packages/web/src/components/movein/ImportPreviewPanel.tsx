/**
 * What an import would bring, before anything is written: the first messages, every
 * sender with the resident they become (editable), and whether WhatsApp's own lines are kept.
 */
import type { ImportPreview } from '@stoop/shared';
import type { Resident } from '../../stores/imports.ts';

/** '' in a sender's select: keep the WhatsApp name, marked imported. */
export const KEEP_NAME = '';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');

export function ImportSummaryLine({ preview }: { preview: ImportPreview }) {
  const platform = preview.platform === 'ios' ? 'iPhone' : 'Android';
  return (
    <p className="text-sm text-slate-700" data-testid="import-summary">
      {platform} export, {preview.dateOrder.replace('-', ' ')} dates · {preview.messages} messages,{' '}
      {preview.systemLines} WhatsApp lines, {preview.attachments} attachments
      {preview.attachmentsMissing > 0 ? ` (${preview.attachmentsMissing} not in the upload)` : ''} · from{' '}
      {when(preview.from)} to {when(preview.to)}
    </p>
  );
}

export function FirstMessages({ preview }: { preview: ImportPreview }) {
  return (
    <section aria-labelledby="import-first-title">
      <h3 id="import-first-title" className="text-sm font-semibold text-slate-900">
        First messages
      </h3>
      <ol className="mt-2 max-h-72 space-y-2 overflow-y-auto rounded-lg border border-slate-200 p-3 text-sm">
        {preview.first.map((m, i) => (
          <li key={i} className={m.kind === 'system' ? 'italic text-slate-500' : 'text-slate-800'}>
            <span className="mr-2 text-xs text-slate-500">{new Date(m.at).toLocaleString()}</span>
            {m.sender ? <span className="font-medium">{m.sender}: </span> : null}
            <span className="whitespace-pre-wrap break-words">{m.text}</span>
            {m.attachment ? <span className="ml-1 text-xs text-brand-800">📎 {m.attachment}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SenderMapping({
  preview,
  residents,
  mapping,
  onChange,
}: {
  preview: ImportPreview;
  residents: readonly Resident[];
  mapping: Record<string, string>;
  onChange: (name: string, userId: string) => void;
}) {
  return (
    <section aria-labelledby="import-senders-title">
      <h3 id="import-senders-title" className="text-sm font-semibold text-slate-900">
        Senders ({preview.senders.length})
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Each sender becomes the resident chosen here. Senders left on their WhatsApp name appear under it,
        marked as imported.
      </p>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {preview.senders.map((sender) => {
          const id = `sender-${sender.name}`;
          return (
            <li key={sender.name} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <label htmlFor={id} className="min-w-0 text-sm text-slate-800">
                <span className="font-medium break-words">{sender.name}</span>{' '}
                <span className="text-slate-500">({sender.messages} messages)</span>
              </label>
              <select
                id={id}
                value={mapping[sender.name] ?? KEEP_NAME}
                onChange={(e) => onChange(sender.name, e.target.value)}
                className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-64"
              >
                <option value={KEEP_NAME}>Keep the WhatsApp name</option>
                {residents.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.username}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function SystemLinesChoice({
  value,
  count,
  onChange,
}: {
  value: 'keep' | 'skip';
  count: number;
  onChange: (value: 'keep' | 'skip') => void;
}) {
  const options = [
    { value: 'keep', label: 'Keep them as notes from WhatsApp' },
    { value: 'skip', label: 'Skip them' },
  ] as const;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">
        WhatsApp’s own lines ({count}: joins, leaves, deleted messages, media left out)
      </legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="system-lines"
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="h-5 w-5 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
