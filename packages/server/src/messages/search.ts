/**
 * GET /api/messages/search (R-SEARCH-4 … R-SEARCH-7): the query is parsed by the shared parser,
 * its modifiers resolved to users, conversations and instants, then repo/search.ts finds, ranks
 * and counts the matches the caller may read and presents the page, in one statement.
 */
import {
  SEARCH_SNIPPET_LENGTH,
  SEARCH_TEXTS,
  hasSearchTerms,
  parseSearch,
  searchSnippet,
  type ParsedSearch,
  type SearchModifierKey,
  type SearchResult,
} from '@stoop/shared';
import type { Context } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { canRead } from '../access/index.ts';
import { channelByName, directIdsBetween } from '../conversations/service.ts';
import { userIdsNamed } from '../users/service.ts';
import { Invalid } from '../errors.ts';
import { searchMessages as findMatches, type SearchPlan } from './repo/search.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The modifier of `key` as the caller typed it, for an error text that names it. */
function rawOf(parsed: ParsedSearch, key: SearchModifierKey): string {
  for (const token of parsed.tokens) if (token.kind === 'modifier' && token.key === key) return token.raw;
  return `${key}:`;
}

/** from:@ and in:, resolved; a name nobody has, or a channel the caller may not read, is a 400. */
async function resolveModifiers(
  ctx: Context,
  user: UserRow,
  parsed: ParsedSearch,
): Promise<Pick<SearchPlan, 'authorIds' | 'conversationIds'>> {
  const { from, inChannel, inDirect } = parsed.filters;
  let authorIds: string[] | null = null;
  let conversationIds: string[] | null = null;
  if (from !== null) {
    const ids = await userIdsNamed(ctx.db, from);
    if (ids.length === 0) throw new Invalid(SEARCH_TEXTS.unknownUser(rawOf(parsed, 'from')), 'q');
    authorIds = ids;
  }
  if (inChannel !== null) {
    const channel = await channelByName(ctx.db, inChannel);
    // A hidden channel is unknown to whoever may not read it: the answer must not reveal it exists.
    if (!channel || !canRead(channel, user, false))
      throw new Invalid(SEARCH_TEXTS.unknownChannel(rawOf(parsed, 'in')), 'q');
    conversationIds = [channel.id];
  }
  if (inDirect !== null) {
    const others = await userIdsNamed(ctx.db, inDirect);
    if (others.length === 0) throw new Invalid(SEARCH_TEXTS.unknownUser(rawOf(parsed, 'in')), 'q');
    // Only the caller's own direct conversations: in:@A from C never reaches A's talks with B.
    conversationIds = await directIdsBetween(ctx.db, user.id, others);
  }
  return { authorIds, conversationIds };
}

export async function searchMessages(
  ctx: Context,
  user: UserRow,
  query: { q: string; limit: number; offset: number },
): Promise<SearchResult> {
  const parsed = parseSearch(query.q);
  const [error] = parsed.errors;
  if (error) throw new Invalid(error.message, 'q');
  const { filters } = parsed;
  const none: SearchResult = { messages: [], hits: [], total: 0, totalIsLowerBound: false };
  // Only punctuation: nothing to look for, so nothing found.
  if (!hasSearchTerms(filters)) return none;
  const resolved = await resolveModifiers(ctx, user, parsed);
  if (resolved.conversationIds?.length === 0) return none;
  const { messages, names, total, totalIsLowerBound } = await findMatches(ctx.db, {
    viewer: user,
    words: filters.words,
    phrases: filters.phrases,
    prefix: filters.prefix,
    ...resolved,
    createdBefore: filters.before === null ? null : startOfDay(filters.before),
    // after:D means after that day ended.
    createdFrom: filters.after === null ? null : new Date(startOfDay(filters.after).getTime() + DAY_MS),
    hasFile: filters.has.includes('file'),
    hasLink: filters.has.includes('link'),
    limit: query.limit,
    offset: query.offset,
  });
  const nameOf = new Map(names.map((n) => [n.id, n]));
  // A hit is never hidden from its searcher (repo/search.ts), so its presented content is its text.
  const hits = messages.map((message) => {
    const conversation = nameOf.get(message.conversationId);
    const snippet = searchSnippet(message.content, filters, SEARCH_SNIPPET_LENGTH);
    return {
      messageId: message.id,
      conversationType: conversation?.type ?? 'channel',
      conversationName: conversation?.name ?? '',
      snippet: snippet.text,
      highlights: snippet.highlights,
    };
  });
  return { messages, hits, total, totalIsLowerBound };
}
