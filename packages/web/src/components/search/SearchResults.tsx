/**
 * Search results grouped by conversation (R-SEARCH-3), in the server's rank order: the
 * conversation of the best result first. Each result's snippet is markdown through the chat's own
 * safe renderer (R-SEARCH-9), with the matched words marked from the server's offsets
 * and links to the message in its conversation, where it is scrolled to and
 * highlighted (stores/message-jump.ts).
 */
import { Hash, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { Message, SearchHit } from '@stoop/shared';
import { messageHash } from '@stoop/shared/web-paths';
import { conversationPath, formatTime } from '../chat/chat-hooks.ts';
import { useMarkdown } from '../chat/use-markdown.ts';
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

/** Private-use characters around each matched range: no message text has them, and markdown keeps them. */
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARK_CHARACTERS = /[\uE000\uE001]/g;

/**
 * The snippet as the chat shows it (R-SEARCH-9): the matched ranges are wrapped in the private-use
 * characters, the text goes through the chat's renderer (sanitised), and the characters
 * become <mark> elements in its output. Links become plain text: the whole result is a link.
 */
function HighlightedSnippet({ text, highlights }: Pick<SearchHit, 'highlights'> & { text: string }) {
  let source = '';
  let at = 0;
  const clean = text.replace(MARK_CHARACTERS, '');
  for (const [start, end] of highlights) {
    if (start < at || end > clean.length) continue;
    source += `${clean.slice(at, start)}${MARK_OPEN}${clean.slice(start, end)}${MARK_CLOSE}`;
    at = end;
  }
  source += clean.slice(at);
  const html = useMarkdown(source)
    .replace(/<a\b[^>]*>/g, '<span class="underline">')
    .replace(/<\/a>/g, '</span>')
    .replaceAll(MARK_OPEN, '<mark class="rounded bg-amber-100 px-0.5 text-slate-900">')
    .replaceAll(MARK_CLOSE, '</mark>');
  return (
    <div
      className="prose-chat break-words [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3"
      // Sanitised by services/chat/markdown.ts; the only tags added are <mark> and <span>.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A reply opens its thread; a top-level message its conversation, scrolled to it. */
function jumpPath(message: Message, hit: SearchHit): string {
  if (message.parentMessageId) return DASHBOARD_PATHS.thread(message.parentMessageId);
  return `${conversationPath({ id: message.conversationId, type: hit.conversationType })}${messageHash(message.id)}`;
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
                    <div className="mt-1 break-words text-sm leading-6 text-slate-800">
                      {itemHit.snippet ? (
                        <HighlightedSnippet text={itemHit.snippet} highlights={itemHit.highlights} />
                      ) : (
                        <span className="italic text-slate-500">{message.fileName ?? 'Attachment'}</span>
                      )}
                    </div>
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
