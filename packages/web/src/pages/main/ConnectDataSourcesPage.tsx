/**
 * Connect data sources (R-INTEG, R-ADMIN-6): admins connect webhooks, feeds and calendars to
 * channels and manage them; residents see what feeds each channel.
 */
import { PlugZap } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { Integration } from '@stoop/shared';
import { ConnectSourceForm } from '../../components/integrations/ConnectSourceForm.tsx';
import { IntegrationCard } from '../../components/integrations/IntegrationCard.tsx';
import { WebhookReveal } from '../../components/integrations/WebhookReveal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useIntegrationsStore } from '../../stores/integrations.ts';

/** The sources grouped by channel, channels by name. */
function byChannel(items: readonly Integration[]): [string, Integration[]][] {
  const groups = new Map<string, Integration[]>();
  for (const item of [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt)))
    groups.set(item.conversationName, [...(groups.get(item.conversationName) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export default function ConnectDataSourcesPage() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const { items, loaded, revealed, connect, update, rotate, remove, dismissRevealed } =
    useIntegrationsStore();
  const conversations = useConversationsStore((s) => s.conversations);
  const channels = useMemo(
    () => conversations.filter((c) => c.type === 'channel').sort((a, b) => a.name.localeCompare(b.name)),
    [conversations],
  );

  useEffect(() => {
    void useIntegrationsStore.getState().load();
  }, []);

  return (
    <section
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6"
      aria-labelledby="data-sources-title"
    >
      <div>
        <h1 id="data-sources-title" className="text-lg font-semibold text-slate-900">
          Connect data sources
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {isAdmin
            ? 'Feed channels from calendars, news feeds and services that post to a webhook.'
            : 'What feeds each channel: calendars, news feeds and services your admins connected.'}
        </p>
      </div>
      {isAdmin ? <ConnectSourceForm channels={channels} onConnect={connect} /> : null}
      {revealed ? <WebhookReveal revealed={revealed} onDismiss={dismissRevealed} /> : null}
      {!loaded ? (
        <div className="flex justify-center py-8" role="status">
          <Spinner className="h-6 w-6" />
          <span className="sr-only">Loading data sources…</span>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
          <PlugZap className="h-8 w-8 text-brand-700" aria-hidden="true" />
          <p className="font-semibold text-slate-900">No data sources yet</p>
          <p className="max-w-sm text-sm text-slate-600">
            {isAdmin
              ? 'Connect a feed, a calendar or a webhook above; its posts appear in the channel you pick.'
              : 'When an admin connects a calendar, a feed or a service, it is listed here with its channel.'}
          </p>
        </div>
      ) : (
        byChannel(items).map(([channel, group]) => (
          <section key={channel} aria-label={`#${channel}`} className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold text-slate-700">#{channel}</h2>
            {group.map((integration) => (
              <IntegrationCard
                key={integration.id}
                integration={integration}
                actions={
                  isAdmin
                    ? {
                        onPause: (paused) => update(integration.id, { paused }),
                        onRotate: () => rotate(integration.id),
                        onDelete: () => remove(integration.id),
                      }
                    : null
                }
              />
            ))}
          </section>
        ))
      )}
    </section>
  );
}
