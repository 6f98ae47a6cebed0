/** Announcements for residents: a paged list, pinned first, with read state; live updates via the socket. */
import { CheckCheck, Megaphone } from 'lucide-react';
import { useEffect } from 'react';
import { ANNOUNCEMENTS_PAGE_SIZE } from '@stoop/shared/constants';
import { AnnouncementCard } from '../../components/announcements/AnnouncementCard.tsx';
import { Pager } from '../../components/announcements/Pager.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAnnouncementsStore } from '../../stores/announcements.ts';

export default function AnnouncementsPage() {
  const { items, total, page, loaded, loading, load, markRead, markAllRead } = useAnnouncementsStore();

  useEffect(() => {
    void useAnnouncementsStore.getState().load(1);
  }, []);

  if (!loaded) {
    return (
      <div className="flex h-full min-h-[40vh] items-center justify-center" role="status">
        <Spinner className="h-6 w-6" />
        <span className="sr-only">Loading announcements…</span>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Megaphone}
        title="No announcements yet"
        description="Notices from your building's management and admins will appear here as soon as they are posted."
      />
    );
  }
  return (
    <section
      className="mx-auto flex max-w-3xl flex-col gap-4 p-4 sm:p-6"
      aria-labelledby="announcements-title"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="announcements-title" className="text-lg font-semibold text-slate-900">
          Announcements
        </h1>
        {items.some((a) => !a.read) ? (
          <Button variant="ghost" onClick={() => void markAllRead()}>
            <CheckCheck className="h-4 w-4" aria-hidden="true" /> Mark all read
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-col gap-3" aria-busy={loading || undefined}>
        {items.map((a) => (
          <li key={a.id}>
            <AnnouncementCard announcement={a}>
              {a.read ? null : (
                <Button variant="secondary" onClick={() => void markRead(a.id)}>
                  Mark read
                </Button>
              )}
            </AnnouncementCard>
          </li>
        ))}
      </ul>
      <Pager page={page} total={total} pageSize={ANNOUNCEMENTS_PAGE_SIZE} onPage={(p) => void load(p)} />
    </section>
  );
}
