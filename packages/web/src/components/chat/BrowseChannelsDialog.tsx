/**
 * Browse channels: every channel the resident can see, joined or not, with a search box, so new
 * residents find the building's channels without being invited. The frame and focus rules are
 * the other chat dialogs' (ChatDialogFrame).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Conversation } from '@stoop/shared';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { ChatDialogFrame, DialogSearch } from './ChatDialogFrame.tsx';
import { useDialogFocus } from './dialog-focus.ts';
import { channelDirectory } from './channel-directory.ts';
import { ChannelListingRow } from './ChannelListingRow.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type LoadStatus = 'loading' | 'ready' | 'error';

/** Refreshes the conversation list each time the dialog opens, so channels made since show up. */
function useFreshChannels(open: boolean): { status: LoadStatus; retry: () => void } {
  const [status, setStatus] = useState<LoadStatus>('loading');
  // Only the newest request may set the status; an older, slower one must not overwrite it.
  const latest = useRef(0);
  const load = () => {
    const request = (latest.current += 1);
    setStatus('loading');
    void useConversationsStore
      .getState()
      .loadConversations()
      .then((ok) => {
        if (request === latest.current) setStatus(ok ? 'ready' : 'error');
      });
  };
  useEffect(() => {
    if (open) load();
  }, [open]);
  return { status, retry: load };
}

export function BrowseChannelsDialog({ open, onOpenChange }: Props) {
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const conversations = useConversationsStore((s) => s.conversations);
  const loaded = useConversationsStore((s) => s.loaded);
  const search = useRef<HTMLInputElement>(null);
  const focus = useDialogFocus(onOpenChange, search);
  const [query, setQuery] = useState('');
  const { status, retry } = useFreshChannels(open);
  const listings = useMemo(() => channelDirectory(conversations, meId, query), [conversations, meId, query]);
  const trimmed = query.trim();

  const openChannel = (conversation: Conversation) => {
    setQuery('');
    focus.openConversation(conversation);
  };

  return (
    <ChatDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Browse channels"
      description="Find the channels of your community and open any of them."
      focus={focus}
      scrolls
    >
      <DialogSearch
        inputRef={search}
        label="Search channels"
        placeholder="Search by name or description"
        value={query}
        onChange={setQuery}
      />
      <p className="sr-only" aria-live="polite">
        {status === 'ready' ? `${listings.length} ${listings.length === 1 ? 'channel' : 'channels'}` : ''}
      </p>
      {status === 'error' ? (
        <div className="mt-3 flex items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <span>Could not load the channels.</span>
          <button
            type="button"
            className="shrink-0 rounded-md px-2 py-1 font-semibold hover:bg-red-100"
            onClick={retry}
          >
            Try again
          </button>
        </div>
      ) : null}
      <ul
        className="mt-3 min-h-0 flex-1 space-y-0.5 overflow-y-auto"
        aria-label="Channels"
        aria-busy={status === 'loading'}
      >
        {status === 'loading' && !loaded ? (
          <li className="flex justify-center py-6 text-slate-500">
            <Spinner />
            <span className="sr-only">Loading channels</span>
          </li>
        ) : null}
        {loaded && listings.length === 0 ? (
          <li className="py-6 text-center text-sm text-slate-500">
            {trimmed ? `No channels match “${trimmed}”.` : 'No channels yet.'}
          </li>
        ) : null}
        {listings.map((listing) => (
          <ChannelListingRow
            key={listing.conversation.id}
            listing={listing}
            onOpen={() => openChannel(listing.conversation)}
          />
        ))}
      </ul>
    </ChatDialogFrame>
  );
}
