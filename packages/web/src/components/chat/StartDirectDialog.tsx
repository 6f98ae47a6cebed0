/** Start-direct dialog: pick a resident from the directory, with a search box. */
import { useMemo, useRef, useState } from 'react';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useUsersStore } from '../../stores/users.ts';
import { ChatDialogFrame, DialogSearch } from './ChatDialogFrame.tsx';
import { useDialogFocus } from './dialog-focus.ts';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { Spinner } from '../ui/Spinner.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function StartDirectDialog({ open, onOpenChange }: Props) {
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const users = useUsersStore((s) => s.byId);
  const loading = useUsersStore((s) => s.loading);
  const online = useConversationsStore((s) => s.online);
  const createDirect = useConversationsStore((s) => s.createDirect);
  const search = useRef<HTMLInputElement>(null);
  const focus = useDialogFocus(onOpenChange, search);
  const [query, setQuery] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);

  const residents = useMemo(() => {
    const q = query.trim().toLowerCase();
    return Object.values(users)
      .filter((u) => u.id !== meId && (!q || u.username.toLowerCase().includes(q)))
      .sort((a, b) => a.username.localeCompare(b.username));
  }, [users, meId, query]);

  const start = async (userId: string) => {
    setBusyId(userId);
    const conversation = await createDirect(userId);
    setBusyId(null);
    if (!conversation) return;
    setQuery('');
    focus.openConversation(conversation);
  };

  return (
    <ChatDialogFrame
      open={open}
      onOpenChange={(next) => {
        if (next) void useUsersStore.getState().loadUsers(true);
        onOpenChange(next);
      }}
      title="New direct message"
      description="Choose a neighbour to message privately."
      focus={focus}
      scrolls
    >
      <DialogSearch
        inputRef={search}
        label="Search residents"
        placeholder="Search residents"
        value={query}
        onChange={setQuery}
      />
      <ul className="mt-3 min-h-0 flex-1 overflow-y-auto" aria-label="Residents">
        {loading && residents.length === 0 ? (
          <li className="flex justify-center py-6 text-slate-500">
            <Spinner />
          </li>
        ) : null}
        {!loading && residents.length === 0 ? (
          <li className="py-6 text-center text-sm text-slate-500">No residents found.</li>
        ) : null}
        {residents.map((user) => (
          <li key={user.id}>
            <button
              type="button"
              className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-slate-100 disabled:opacity-60"
              disabled={busyId !== null}
              onClick={() => void start(user.id)}
            >
              <span className="relative">
                <UserAvatar name={user.username} src={user.avatar} />
                {online.has(user.id) ? (
                  <span
                    className="absolute -bottom-0.5 -right-0.5 h-3 w-3 rounded-full border-2 border-white bg-emerald-500"
                    aria-label="online"
                  />
                ) : null}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{user.username}</span>
                {user.description ? (
                  <span className="block truncate text-xs text-slate-500">{user.description}</span>
                ) : null}
              </span>
              {busyId === user.id ? <Spinner className="h-4 w-4" /> : null}
            </button>
          </li>
        ))}
      </ul>
    </ChatDialogFrame>
  );
}
