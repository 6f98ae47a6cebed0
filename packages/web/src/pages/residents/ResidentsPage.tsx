/**
 * /main_dashboard/residents: approved residents, searched by name and description and
 * filtered on their profile details; "Message" starts or reuses the direct conversation.
 */
import { AlertTriangle, Search, SlidersHorizontal, Users } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PublicUser } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { conversationPath } from '../../components/chat/chat-hooks.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { emptyDirectoryFilters, useDirectoryStore } from '../../stores/directory.ts';
import { DirectoryFilterPanel, activeFilterCount } from './DirectoryFilterPanel.tsx';
import { ResidentCard } from './ResidentCard.tsx';

/** Typing settles before a search goes out. */
const SEARCH_DELAY_MS = 250;

export default function ResidentsPage() {
  const navigate = useNavigate();
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const createDirect = useConversationsStore((s) => s.createDirect);
  const { filters, residents, status, hasMore, loadingMore, setFilters, search, loadMore } =
    useDirectoryStore();
  const [showFilters, setShowFilters] = useState(() => activeFilterCount(filters) > 0);
  const [messaging, setMessaging] = useState<string | null>(null);
  const panelId = useId();
  const buttonId = useId();
  const active = activeFilterCount(filters);

  useEffect(() => {
    const timer = setTimeout(() => void search(), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filters, search]);

  async function message(resident: PublicUser) {
    setMessaging(resident.id);
    // Reuses the direct conversation when there is one; failures toast in the store.
    const conversation = await createDirect(resident.id);
    setMessaging(null);
    if (conversation) void navigate(conversationPath(conversation));
  }

  return (
    <div className="mx-auto w-full max-w-5xl p-4 sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900">Residents</h1>
      <p className="mt-1 text-sm text-slate-600">Find neighbours who share your interests.</p>

      <div className="mt-4 flex flex-wrap gap-2" role="search" aria-label="Residents">
        <label className="relative min-w-0 flex-[1_1_12rem]">
          <span className="sr-only">Search by name or description</span>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={filters.q}
            onChange={(e) => setFilters({ ...filters, q: e.target.value })}
            placeholder="Search by name or description"
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm focus:border-brand-600 focus:outline-none"
          />
        </label>
        <Button
          id={buttonId}
          variant="secondary"
          aria-expanded={showFilters}
          aria-controls={panelId}
          onClick={() => setShowFilters(!showFilters)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters{active > 0 ? ` (${active})` : ''}
        </Button>
        {active > 0 || filters.q ? (
          <Button variant="ghost" onClick={() => setFilters(emptyDirectoryFilters())}>
            Clear
          </Button>
        ) : null}
      </div>
      {showFilters ? (
        <DirectoryFilterPanel
          id={panelId}
          filters={filters}
          onChange={setFilters}
          onDone={() => {
            setShowFilters(false);
            // Back to the button that opened the panel, for keyboard users.
            document.getElementById(buttonId)?.focus();
          }}
        />
      ) : null}

      <div className="mt-5" aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'loading' && residents.length === 0 ? (
          <div className="flex items-center justify-center gap-2 py-12 text-slate-500">
            <Spinner /> Loading residents…
          </div>
        ) : null}
        {status === 'error' ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
            <AlertTriangle className="h-8 w-8 text-amber-600" aria-hidden="true" />
            <p className="text-sm text-slate-700">The residents could not be loaded.</p>
            <Button variant="secondary" onClick={() => void search()}>
              Try again
            </Button>
          </div>
        ) : null}
        {status === 'ready' && residents.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-12 text-center">
            <Users className="h-8 w-8 text-slate-400" aria-hidden="true" />
            <p className="font-medium text-slate-800">{TEXTS.directoryEmpty}</p>
            <p className="text-sm text-slate-500">Try fewer filters or another search.</p>
          </div>
        ) : null}
        {status !== 'error' && residents.length > 0 ? (
          <>
            <ul
              aria-label="Residents found"
              className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${status === 'loading' ? 'opacity-60' : ''}`}
            >
              {residents.map((resident) => (
                <li key={resident.id} className="flex">
                  <ResidentCard
                    resident={resident}
                    isMe={resident.id === meId}
                    busy={messaging === resident.id}
                    disabled={messaging !== null}
                    onMessage={(r) => void message(r)}
                  />
                </li>
              ))}
            </ul>
            {hasMore ? (
              <div className="mt-6 flex justify-center">
                <Button variant="secondary" busy={loadingMore} onClick={() => void loadMore()}>
                  Show more residents
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
