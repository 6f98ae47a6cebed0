/**
 * Admin: the flagged-content queue. Loads a page, refetches when the window
 * regains focus (another admin may have acted meanwhile) and after each action; every action ends
 * in a toast. Decision 0013 explains why the queue has no socket event of its own.
 */
import { Flag } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FlaggedItem } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { Pager } from '../../components/announcements/Pager.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FlaggedItemCard } from '../../components/moderation/FlaggedItemCard.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { isApiError } from '../../services/api-error.ts';
import { toast } from '../../services/ui/toast.ts';
import {
  actOnFlagged,
  FLAGGED_PAGE_SIZE,
  loadFlaggedPage,
  type FlaggedAction,
} from '../../stores/flagged.ts';
import { useUsersStore } from '../../stores/users.ts';

type Queue = { status: 'loading' | 'error' | 'ready'; items: FlaggedItem[]; total: number; page: number };

const DONE: Record<FlaggedAction, string> = {
  dismiss: 'Flags dismissed; the message stays.',
  hide: 'Message hidden from residents.',
  delete: 'Message deleted.',
  lock: 'Author locked.',
};

const FAILED: Record<FlaggedAction, string> = {
  dismiss: 'Could not dismiss the flags.',
  hide: 'Could not hide the message.',
  delete: 'Could not delete the message.',
  lock: 'Could not lock the author.',
};

export default function FlaggedContentPage() {
  const [queue, setQueue] = useState<Queue>({ status: 'loading', items: [], total: 0, page: 1 });
  const [busy, setBusy] = useState<{ id: string; action: FlaggedAction } | null>(null);
  const pageRef = useRef(1);

  /** Loads a page; a quiet reload (focus, after an action) keeps what is shown until it answers. */
  const load = useCallback(async (page: number, quiet = false) => {
    pageRef.current = page;
    if (!quiet) setQueue((q) => ({ ...q, status: 'loading', page }));
    try {
      const answer = await loadFlaggedPage(page);
      if (pageRef.current !== page) return;
      // A page emptied by actions: step back to the last page that has items.
      if (answer.data.length === 0 && page > 1 && answer.total > 0) {
        void load(Math.ceil(answer.total / FLAGGED_PAGE_SIZE), quiet);
        return;
      }
      setQueue({ status: 'ready', items: answer.data, total: answer.total, page });
    } catch (error) {
      if (quiet) return;
      setQueue((q) => ({ ...q, status: 'error' }));
      toast.error(isApiError(error) ? error.message : TEXTS.loadFlaggedFailed, { id: 'flagged-load' });
    }
  }, []);

  // The resident directory names the people a message mentions, whole ("@Nadia Neighbour", not
  // "@Nadia"), as in the chat; the admin dashboard does not load it otherwise. Loaded once.
  useEffect(() => void useUsersStore.getState().loadUsers(), []);

  useEffect(() => {
    void load(1);
    const refresh = () => void load(pageRef.current, true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  const act = async (item: FlaggedItem, action: FlaggedAction) => {
    setBusy({ id: item.message.id, action });
    try {
      await actOnFlagged(action, item);
      toast.success(DONE[action]);
      setQueue((q) =>
        action === 'lock'
          ? {
              ...q,
              items: q.items.map((i) =>
                i.author.id === item.author.id ? { ...i, author: { ...i.author, isLocked: true } } : i,
              ),
            }
          : { ...q, items: q.items.filter((i) => i.message.id !== item.message.id), total: q.total - 1 },
      );
    } catch (error) {
      toast.error(isApiError(error) ? `${FAILED[action]} ${error.message}` : FAILED[action]);
    } finally {
      setBusy(null);
      void load(pageRef.current, true);
    }
  };

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 p-3 sm:p-6" aria-labelledby="flagged-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="flagged-title" className="text-lg font-semibold text-slate-900">
          Flagged content
        </h1>
        {queue.status === 'ready' && queue.total > 0 ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {queue.total} {queue.total === 1 ? 'message' : 'messages'} to review
          </p>
        ) : null}
      </div>
      {queue.status === 'loading' ? (
        <div className="flex justify-center py-8" role="status">
          <Spinner className="h-6 w-6" />
          <span className="sr-only">Loading flagged messages…</span>
        </div>
      ) : queue.status === 'error' ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
          <p className="text-sm text-slate-700">{TEXTS.loadFlaggedFailed}</p>
          <Button variant="secondary" onClick={() => void load(queue.page)}>
            Try again
          </Button>
        </div>
      ) : queue.items.length === 0 ? (
        <EmptyState
          icon={Flag}
          title={TEXTS.noFlaggedMessages}
          description="Messages that residents or admins flag are queued here for review."
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {queue.items.map((item) => (
            <li key={item.message.id}>
              <FlaggedItemCard
                item={item}
                busy={busy?.id === item.message.id ? busy.action : null}
                onAction={(action) => void act(item, action)}
              />
            </li>
          ))}
        </ul>
      )}
      {queue.status === 'ready' ? (
        <Pager
          page={queue.page}
          total={queue.total}
          pageSize={FLAGGED_PAGE_SIZE}
          onPage={(p) => void load(p)}
        />
      ) : null}
    </section>
  );
}
