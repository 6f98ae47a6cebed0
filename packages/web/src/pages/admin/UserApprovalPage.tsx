/**
 * Admin: the approval queue and every account. Tabs for waiting, all, locked and
 * admins; a search by name; pages; approve (one or the ticked ones), reject, lock, unlock and
 * the admin role.
 */
import { Search, UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_USERS_PAGE_SIZE } from '@stoop/shared/constants';
import type { Role, User } from '@stoop/shared';
import { AccountCard } from '../../components/admin/AccountCard.tsx';
import { Pager } from '../../components/announcements/Pager.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useUserApprovalStore, type ApprovalTab } from '../../stores/user-approval.ts';

const TABS: readonly { id: ApprovalTab; label: string }[] = [
  { id: 'pending', label: 'Waiting' },
  { id: 'all', label: 'All' },
  { id: 'locked', label: 'Locked' },
  { id: 'admins', label: 'Admins' },
];

const EMPTY: Record<ApprovalTab, { title: string; text: string }> = {
  pending: {
    title: 'No one is waiting for approval',
    text: 'New residents who sign up are listed here, longest waiting first.',
  },
  all: { title: 'No accounts yet', text: 'Residents appear here once they sign up.' },
  locked: { title: 'No locked accounts', text: 'Accounts you lock are listed here until you unlock them.' },
  admins: { title: 'No admins found', text: 'Admins of the community are listed here.' },
};

/** Waits this long after the last keystroke before searching. */
const SEARCH_DELAY_MS = 300;

function Tabs() {
  const tab = useUserApprovalStore((s) => s.tab);
  const setTab = useUserApprovalStore((s) => s.setTab);
  return (
    <div role="group" aria-label="Show accounts" className="grid grid-cols-4 gap-1 sm:flex">
      {TABS.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          aria-pressed={tab === id}
          onClick={() => setTab(id)}
          className={`min-h-11 rounded-full px-2 text-sm font-medium ring-1 transition-colors sm:px-4 ${
            tab === id
              ? 'bg-brand-700 text-white ring-brand-700'
              : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function SearchBox() {
  const search = useUserApprovalStore((s) => s.search);
  const setSearch = useUserApprovalStore((s) => s.setSearch);
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text === search) return;
    const timer = window.setTimeout(() => setSearch(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, setSearch]);
  return (
    <div className="relative">
      <label htmlFor="account-search" className="sr-only">
        Search by name
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-3 h-5 w-5 text-slate-400"
        aria-hidden="true"
      />
      <input
        id="account-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search by name"
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pl-10 pr-3 text-sm"
      />
    </div>
  );
}

function BulkBar({ users }: { users: User[] }) {
  const selected = useUserApprovalStore((s) => s.selected);
  const selectAll = useUserApprovalStore((s) => s.selectAll);
  const approveSelected = useUserApprovalStore((s) => s.approveSelected);
  const bulkBusy = useUserApprovalStore((s) => s.bulkBusy);
  const selectable = users.filter((u) => u.isLocked).length;
  const all = selectable > 0 && selected.length === selectable;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={all}
          onChange={(event) => selectAll(event.target.checked)}
        />
        Select all on this page
      </label>
      <Button disabled={selected.length === 0} busy={bulkBusy} onClick={() => void approveSelected()}>
        Approve selected{selected.length > 0 ? ` (${selected.length})` : ''}
      </Button>
    </div>
  );
}

function AccountList() {
  const state = useUserApprovalStore();
  const me = useAuthStore((s) => s.user);
  const loadCurrentUser = useAuthStore((s) => s.loadCurrentUser);
  const navigate = useNavigate();

  async function setRole(user: User, role: Role): Promise<boolean> {
    const done = await state.setRole(user, role);
    // Stepping down: the admin pages are no longer ours (R-GUARD-6).
    if (done && user.id === me?.id && role !== 'admin') {
      await loadCurrentUser();
      await navigate(PATHS.mainDashboard, { replace: true });
    }
    return done;
  }

  if (state.error && !state.loading) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{state.error}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void state.load()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!state.loaded) {
    return (
      <div className="flex justify-center py-10" role="status">
        <Spinner className="h-6 w-6" />
        <span className="sr-only">Loading accounts…</span>
      </div>
    );
  }
  if (state.users.length === 0) {
    const empty = state.search.trim()
      ? { title: 'No matches', text: `No account in this list has “${state.search.trim()}” in its name.` }
      : EMPTY[state.tab];
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <UserCheck className="h-8 w-8 text-brand-700" aria-hidden="true" />
        <p className="mt-3 font-semibold text-slate-900">{empty.title}</p>
        <p className="mt-1 max-w-sm text-sm text-slate-600">{empty.text}</p>
      </div>
    );
  }
  return (
    <>
      {state.tab === 'pending' ? <BulkBar users={state.users} /> : null}
      <p className="text-sm text-slate-600" aria-live="polite">
        {state.total === 1 ? '1 account' : `${state.total} accounts`}
        {state.loading ? ' · updating…' : ''}
      </p>
      <ul className="flex flex-col gap-3">
        {state.users.map((user) => (
          <li key={user.id}>
            <AccountCard
              user={user}
              isSelf={user.id === me?.id}
              busy={state.busy[user.id]}
              {...(state.tab === 'pending' && user.isLocked
                ? {
                    selected: state.selected.includes(user.id),
                    onToggleSelected: () => state.toggleSelected(user.id),
                  }
                : {})}
              onApprove={() => void state.approve(user)}
              onReject={(message) => state.reject(user, message)}
              onLock={() => state.lock(user)}
              onUnlock={() => void state.unlock(user)}
              onSetRole={(role) => setRole(user, role)}
            />
          </li>
        ))}
      </ul>
      <Pager
        page={state.page}
        total={state.total}
        pageSize={ADMIN_USERS_PAGE_SIZE}
        onPage={state.setPage}
        previousLabel="Previous"
        nextLabel="Next"
      />
    </>
  );
}

export default function UserApprovalPage() {
  useEffect(() => {
    void useUserApprovalStore.getState().load();
  }, []);
  return (
    <section
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6"
      aria-labelledby="approval-title"
    >
      <header>
        <h1 id="approval-title" className="text-lg font-semibold text-slate-900">
          User approval
        </h1>
        <p className="text-sm text-slate-600">
          Approve new residents, turn away sign-ups from outside the building, and manage locks and admins.
        </p>
      </header>
      <Tabs />
      <SearchBox />
      <AccountList />
    </section>
  );
}
