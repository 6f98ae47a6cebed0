/**
 * Search results grouped by conversation (R-SEARCH-3), in the server's rank order: the
 * conversation of the best result first. Each result's snippet shows the matched words marked
 * from the server's offsets (R-SEARCH-6) as text nodes, never as HTML, and links to the message
 * in its conversation, where it is scrolled to and highlighted (stores/message-jump.ts).
 */
import { Hash, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Message, SearchHit } from '@stoop/shared';
import { conversationPath, formatTime } from '../chat/chat-hooks.ts';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';

export interface SearchResultGroup {
  conversationId: string;
  hit: SearchHit;
  items: { message: Message; hit: SearchHit }[];
}

/** Results by conversation, groups and items in rank order; a result without its hit is left out. */
export function groupByConversation(
  messages: readonly Message[],
  hits: readonly SearchHit[],
): SearchResultGroup[] {
  const hitOf = new Map(hits.map((h) => [h.messageId, h]));
  const groups = new Map<string, SearchResultGroup>();
  for (const message of messages) {
    const hit = hitOf.get(message.id);
    if (!hit) continue;
    const group = groups.get(message.conversationId);
    if (group) group.items.push({ message, hit });
    else
      groups.set(message.conversationId, {
        conversationId: message.conversationId,
        hit,
        items: [{ message, hit }],
      });
  }
  return [...groups.values()];
}

/** The snippet with its highlighted ranges as <mark> elements around plain text. */
function HighlightedSnippet({ text, highlights }: Pick<SearchHit, 'highlights'> & { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of highlights) {
    if (start < at || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded bg-amber-100 px-0.5 text-slate-900">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A reply opens its thread; a top-level message its conversation at #message-{id}. */
function jumpPath(message: Message, hit: SearchHit): string {
  if (message.parentMessageId) return DASHBOARD_PATHS.thread(message.parentMessageId);
  return `${conversationPath({ id: message.conversationId, type: hit.conversationType })}#message-${encodeURIComponent(message.id)}`;
}

interface SearchResultsProps {
  groups: readonly SearchResultGroup[];
  authorName: (userId: string) => string;
}

export function SearchResults({ groups, authorName }: SearchResultsProps) {
  return (
    <>
      {groups.map(({ conversationId, hit, items }) => {
        const Icon = hit.conversationType === 'channel' ? Hash : MessageCircle;
        const title =
          hit.conversationName || (hit.conversationType === 'channel' ? 'a channel' : 'a conversation');
        return (
          <section key={conversationId} className="mt-5" aria-label={`Results in ${title}`}>
            <h2 className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
              <Icon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="truncate">{title}</span>
              <span className="font-normal text-slate-500">({items.length})</span>
            </h2>
            <ul className="mt-2 space-y-2">
              {items.map(({ message, hit: itemHit }) => (
                <li key={message.id}>
                  <Link
                    to={jumpPath(message, itemHit)}
                    className="block rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    data-search-result={message.id}
                  >
                    <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
                      <span className="font-semibold text-slate-800">{authorName(message.userId)}</span>
                      <time dateTime={message.createdAt}>
                        {dateFormat.format(new Date(message.createdAt))}, {formatTime(message.createdAt)}
                      </time>
                      {message.parentMessageId && <span>in a thread</span>}
                      <span className="ml-auto font-medium text-brand-700">Jump to message</span>
                    </span>
                    <span className="mt-1 block whitespace-pre-wrap break-words text-sm leading-6 text-slate-800">
                      {itemHit.snippet ? (
                        <HighlightedSnippet text={itemHit.snippet} highlights={itemHit.highlights} />
                      ) : (
                        <span className="italic text-slate-500">{message.fileName ?? 'Attachment'}</span>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
