/**
 * The busiest channels as a ranked list with bars drawn in CSS: the text of each item
 * says it all, so the list needs no chart library and no separate table.
 */
import type { StatsResponse } from '@stoop/shared';
import { formatCount } from './format.ts';

export function BusiestChannels({ channels }: { channels: StatsResponse['busiestChannels'] }) {
  const top = channels[0]?.messages ?? 0;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="busiest-channels">
      <h2 id="busiest-channels" className="text-base font-semibold text-slate-900">
        Busiest channels
      </h2>
      <p className="text-sm text-slate-600">Messages in the last 30 days, channels you can read.</p>
      {channels.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">No channel messages in the last 30 days.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3">
          {channels.map((channel) => (
            <li key={channel.id}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium text-slate-800">#{channel.name}</span>
                <span className="shrink-0 tabular-nums text-slate-600">
                  {formatCount(channel.messages)} {channel.messages === 1 ? 'message' : 'messages'}
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-brand-600"
                  style={{ width: `${top > 0 ? Math.max(2, (channel.messages / top) * 100) : 0}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
