/** Admin: connect a webhook, a feed or a calendar to a channel, fields by type. */
import { useState, type FormEvent } from 'react';
import { INTEGRATION_NAME_MAX, INTEGRATION_URL_MAX, type IntegrationType } from '@stoop/shared';
import { SelectField, TextField } from '../form/fields.tsx';
import { Button } from '../ui/Button.tsx';

export const TYPE_LABELS: Record<IntegrationType, string> = {
  webhook: 'Webhook',
  rss: 'RSS or Atom feed',
  ical: 'iCal calendar',
};

const TYPE_HINTS: Record<IntegrationType, string> = {
  webhook: 'Services post JSON like {"text": "…"} to a secret address shown once after connecting.',
  rss: 'New items are posted to the channel as they appear in the feed.',
  ical: 'New events of the calendar are posted to the channel.',
};

interface Props {
  channels: readonly { id: string; name: string }[];
  onConnect: (body: {
    type: IntegrationType;
    conversationId: string;
    name: string;
    url?: string;
  }) => Promise<boolean>;
}

export function ConnectSourceForm({ channels, onConnect }: Props) {
  const [type, setType] = useState<IntegrationType>('rss');
  const [channelId, setChannelId] = useState('');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const conversationId = channelId || channels[0]?.id || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!conversationId) return;
    setBusy(true);
    const done = await onConnect({
      type,
      conversationId,
      name: name.trim(),
      ...(type === 'webhook' ? {} : { url: url.trim() }),
    });
    setBusy(false);
    if (done) {
      setName('');
      setUrl('');
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="connect-source-title"
    >
      <h2 id="connect-source-title" className="text-base font-semibold text-slate-900">
        Connect a source
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Type"
          name="type"
          value={type}
          onValueChange={(v) => setType(v as IntegrationType)}
          options={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <SelectField
          label="Channel"
          name="channel"
          value={conversationId}
          onValueChange={setChannelId}
          options={channels.map((c) => ({ value: c.id, label: `#${c.name}` }))}
        />
      </div>
      <TextField
        label="Name"
        name="name"
        value={name}
        onValueChange={setName}
        maxLength={INTEGRATION_NAME_MAX}
        placeholder={
          type === 'webhook' ? 'Parcel room' : type === 'ical' ? 'Community events' : 'Building news'
        }
        hint="Messages from this source are shown under this name."
        required
      />
      {type === 'webhook' ? (
        <p className="text-sm text-slate-600">{TYPE_HINTS.webhook}</p>
      ) : (
        <TextField
          label={type === 'ical' ? 'Calendar address' : 'Feed address'}
          name="url"
          type="url"
          inputMode="url"
          value={url}
          onValueChange={setUrl}
          maxLength={INTEGRATION_URL_MAX}
          placeholder="https://"
          hint={TYPE_HINTS[type]}
          required
        />
      )}
      <div>
        <Button type="submit" busy={busy} disabled={!conversationId}>
          Connect
        </Button>
      </div>
      {channels.length === 0 ? (
        <p className="text-sm text-slate-500">Create a channel first: sources post into channels.</p>
      ) : null}
    </form>
  );
}
