/** Admin: write, edit (with a preview), pin, mark urgent and delete announcements. */
import { useEffect, useState } from 'react';
import { ANNOUNCEMENTS_PAGE_SIZE } from '@stoop/shared/constants';
import type { Announcement } from '@stoop/shared';
import { AnnouncementCard } from '../../components/announcements/AnnouncementCard.tsx';
import { AnnouncementEditor } from '../../components/announcements/AnnouncementEditor.tsx';
import { Pager } from '../../components/announcements/Pager.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAnnouncementsStore } from '../../stores/announcements.ts';

export default function AdminAnnouncementsPage() {
  const { items, total, page, loaded, load, create, update } = useAnnouncementsStore();
  const [editingId, setEditingId] = useState<string | null>(null);

  useEffect(() => {
    void useAnnouncementsStore.getState().load(1);
  }, []);

  return (
    <section
      className="mx-auto flex max-w-3xl flex-col gap-4 p-4 sm:p-6"
      aria-labelledby="admin-announcements-title"
    >
      <h1 id="admin-announcements-title" className="text-lg font-semibold text-slate-900">
        Announcements
      </h1>
      <AnnouncementEditor onSave={async (body) => (await create(body)) !== null} />
      {!loaded ? (
        <div className="flex justify-center py-8" role="status">
          <Spinner className="h-6 w-6" />
          <span className="sr-only">Loading announcements…</span>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">No announcements yet. The first one you post appears here.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((a) =>
            a.id === editingId ? (
              <li key={a.id}>
                <AnnouncementEditor
                  editing={a}
                  onCancel={() => setEditingId(null)}
                  onSave={async (body) => {
                    const saved = (await update(a.id, body)) !== null;
                    if (saved) setEditingId(null);
                    return saved;
                  }}
                />
              </li>
            ) : (
              <li key={a.id}>
                <ManagedAnnouncement announcement={a} onEdit={() => setEditingId(a.id)} />
              </li>
            ),
          )}
        </ul>
      )}
      <Pager page={page} total={total} pageSize={ANNOUNCEMENTS_PAGE_SIZE} onPage={(p) => void load(p)} />
    </section>
  );
}

function ManagedAnnouncement({
  announcement: a,
  onEdit,
}: {
  announcement: Announcement;
  onEdit: () => void;
}) {
  const update = useAnnouncementsStore((s) => s.update);
  const remove = useAnnouncementsStore((s) => s.remove);
  const [confirming, setConfirming] = useState(false);
  return (
    <AnnouncementCard announcement={a} showReadState={false}>
      <Button variant="secondary" onClick={onEdit}>
        Edit
      </Button>
      <Button variant="secondary" onClick={() => void update(a.id, { pinned: !a.pinned })}>
        {a.pinned ? 'Unpin' : 'Pin'}
      </Button>
      {confirming ? (
        <span
          className="flex flex-wrap items-center gap-2 text-sm"
          role="alertdialog"
          aria-label="Delete this announcement?"
        >
          Delete “{a.title}”?
          <Button variant="danger" onClick={() => void remove(a.id)} autoFocus>
            Delete
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </span>
      ) : (
        <Button variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      )}
    </AnnouncementCard>
  );
}
