/** One channel in the Browse channels dialog: icon, name, description, member count and Open. */
import { Hash } from 'lucide-react';
import { memberCountText, type ChannelListing } from './channel-directory.ts';
import { useMediaUrl } from '../../stores/media-ticket.ts';

interface Props {
  listing: ChannelListing;
  onOpen: () => void;
}

function ChannelIcon({ src }: { src: string | null }) {
  const url = useMediaUrl(src);
  if (url) return <img src={url} alt="" className="h-9 w-9 shrink-0 rounded-lg object-cover" />;
  return (
    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
      <Hash className="h-4 w-4" aria-hidden="true" />
    </span>
  );
}

const badge = 'shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium';

export function ChannelListingRow({ listing, onOpen }: Props) {
  const { conversation, memberCount, joined } = listing;
  return (
    <li className="flex items-start gap-3 rounded-lg px-2 py-2 hover:bg-slate-50">
      <ChannelIcon src={conversation.icon} />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5">
          <span className="truncate text-sm font-medium text-slate-900">{conversation.name}</span>
          {joined ? <span className={`${badge} bg-brand-50 text-brand-800`}>Joined</span> : null}
          {conversation.metadata.adminHidden ? (
            <span className={`${badge} bg-slate-200 text-slate-700`}>Hidden</span>
          ) : null}
        </div>
        {conversation.description ? (
          <p className="line-clamp-2 break-words text-xs text-slate-600">{conversation.description}</p>
        ) : null}
        <p className="text-xs text-slate-500">{memberCountText(memberCount)}</p>
      </div>
      <button
        type="button"
        className="min-h-9 shrink-0 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 active:bg-slate-100"
        aria-label={`Open ${conversation.name}`}
        onClick={onOpen}
      >
        Open
      </button>
    </li>
  );
}
