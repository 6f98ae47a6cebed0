/**
 * search: message search with modifiers, results grouped by conversation with jump
 * links and the total, cleared on failure. The query lives in
 * the address (`?q=`), so back, forward and reload keep it.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchBox } from '../../components/search/SearchBox.tsx';
import { SearchResults, groupByConversation } from '../../components/search/SearchResults.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useSearchStore } from '../../stores/search.ts';
import { useUsersStore } from '../../stores/users.ts';

const count = new Intl.NumberFormat('en-US');

export default function SearchPage() {
  const { results, hits, total, totalIsLowerBound, loading, searched, query, search } = useSearchStore();
  const conversations = useConversationsStore((s) => s.conversations);
  const users = useUsersStore((s) => s.byId);
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [draft, setDraft] = useState(urlQuery || query);
  // The address leads: opening, reloading or going back to `?q=…` searches for it.
  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery);
    setDraft(urlQuery);
  }
  // Back and forward put the address's query in the box at once. The router renders each
  // navigation as a transition, and one that a quick back supersedes never renders: the page then
  // sees the same address as before, the comparison above no change, and the box would keep the
  // query that was left.
  useEffect(() => {
    const followAddress = () => setDraft(new URLSearchParams(window.location.search).get('q') ?? '');
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, []);
  useEffect(() => {
    if (urlQuery.trim() && urlQuery.trim() !== useSearchStore.getState().searched) void search(urlQuery);
  }, [urlQuery, search]);
  const submit = (q: string) => {
    // A new query is a new history entry (its effect above searches); the same one searches again.
    if (q.trim() === urlQuery.trim()) void search(q);
    else {
      setParams(q.trim() ? { q } : {});
      if (!q.trim()) void search(q);
    }
  };
  const groups = useMemo(() => groupByConversation(results, hits), [results, hits]);
  const usernames = useMemo(() => Object.values(users).map((u) => u.username), [users]);
  const channelNames = useMemo(
    () => conversations.filter((c) => c.type === 'channel').map((c) => c.name),
    [conversations],
  );

  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900">Search messages</h1>
      <SearchBox
        value={draft}
        onChange={setDraft}
        onSearch={submit}
        usernames={usernames}
        channelNames={channelNames}
      />
      <div className="mt-4" aria-live="polite">
        {loading ? (
          <div className="flex justify-center py-6 text-slate-400">
            <Spinner />
          </div>
        ) : searched !== null ? (
          <p className="text-sm text-slate-600">
            {count.format(total)}
            {totalIsLowerBound ? '+' : ''} {total === 1 && !totalIsLowerBound ? 'result' : 'results'} for “
            {searched}”
          </p>
        ) : null}
      </div>
      {!loading && <SearchResults groups={groups} authorName={(id) => users[id]?.username ?? 'Someone'} />}
    </div>
  );
}
