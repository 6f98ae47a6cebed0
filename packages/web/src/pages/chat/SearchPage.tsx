/** search: message search with conversation names, jump links and the total (R-SEARCH-3, R-SEARCH-2). */
import { Search } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MessageText } from '../../components/chat/MessageBody.tsx';
import { conversationPath, conversationTitle, formatTime } from '../../components/chat/chat-hooks.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { groupByDate } from '../../services/chat/date-groups.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useSearchStore } from '../../stores/search.ts';
import { useUsersStore } from '../../stores/users.ts';
import { useChatBootstrap } from '../../components/chat/chat-hooks.ts';

export default function SearchPage() {
  useChatBootstrap();
  const { results, total, loading, searched, query, search } = useSearchStore();
  const conversations = useConversationsStore((s) => s.conversations);
  const users = useUsersStore((s) => s.byId);
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const [draft, setDraft] = useState(query);
  // R-MSG-10 date groups, newest first.
  const groups = useMemo(() => groupByDate(results, (m) => m.createdAt), [results]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search(draft);
  };

  const jumpTo = (conversationId: string, messageId: string, parentMessageId: string | null) => {
    if (parentMessageId) return DASHBOARD_PATHS.thread(parentMessageId);
    const conversation = conversations.find((c) => c.id === conversationId);
    return conversation
      ? `${conversationPath(conversation)}#message-${messageId}`
      : DASHBOARD_PATHS.thread(messageId);
  };

  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900">Search messages</h1>
      <form role="search" className="mt-4 flex gap-2" onSubmit={submit}>
        <input
          type="search"
          aria-label="Search messages"
          placeholder="Search every conversation you can read"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Search className="h-4 w-4" aria-hidden="true" /> Search
        </button>
      </form>
      <div className="mt-4" aria-live="polite">
        {loading ? (
          <div className="flex justify-center py-6 text-slate-400">
            <Spinner />
          </div>
        ) : searched !== null ? (
          <p className="text-sm text-slate-600">
            {total} {total === 1 ? 'result' : 'results'} for “{searched}”
          </p>
        ) : null}
      </div>
      {groups.map((group) => (
        <section key={group.key} className="mt-4" aria-label={group.label}>
          <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.label}</h2>
          <ul className="mt-2 space-y-2">
            {group.items.map((m) => {
              const conversation = conversations.find((c) => c.id === m.conversationId);
              return (
                <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-3">
                  <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
                    <span className="font-semibold text-slate-800">
                      {users[m.userId]?.username ?? 'Someone'}
                    </span>
                    <span>
                      in {conversation ? conversationTitle(conversation, meId, users) : 'a conversation'}
                    </span>
                    <span>{formatTime(m.createdAt)}</span>
                    <Link
                      to={jumpTo(m.conversationId, m.id, m.parentMessageId)}
                      className="ml-auto font-medium text-brand-700 hover:underline"
                    >
                      Jump to message
                    </Link>
                  </div>
                  <MessageText content={m.content} mentionedUserIds={m.metadata.mentionedUsers} />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
