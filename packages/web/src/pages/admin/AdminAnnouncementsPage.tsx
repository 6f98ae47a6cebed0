/** Admin: write, edit (with a preview), pin, mark urgent and delete announcements. */
import { useEffect, useState } from 'react';
import { ANNOUNCEMENTS_PAGE_SIZE } from '@stoop/shared/constants';
import { NO_ANNOUNCEMENT_ABILITIES } from '@stoop/shared/no-abilities';
import type { Announcement } from '@stoop/shared';
import { AnnouncementCard } from '../../components/announcements/AnnouncementCard.tsx';
import { AnnouncementEditor } from '../../components/announcements/AnnouncementEditor.tsx';
import { connectSocket } from '../../realtime/socket.ts';
import { useReceiptsStore } from '../../stores/receipts.ts';
import { Pager } from '../../components/announcements/Pager.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAnnouncementsStore } from '../../stores/announcements.ts';

export default function AdminAnnouncementsPage() {
  const { items, total, page, loaded, load, create, update } = useAnnouncementsStore();
  const [editingId, setEditingId] = useState<string | null>(null);

  useEffect(() => {
    void useAnnouncementsStore.getState().load(1);
    // An admin signs in to the admin dashboard, not a chat screen, so the socket that
    // carries the receipts live may not be open yet.
    void connectSocket();
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
  const openId = useReceiptsStore((s) => s.openId);
  const showing = openId === a.id;
  const abilities = a.abilities ?? NO_ANNOUNCEMENT_ABILITIES;
  return (
    <AnnouncementCard announcement={a} showReadState={false}>
      {a.sentAt ? (
        <Button
          variant="secondary"
          aria-expanded={showing}
          onClick={() => useReceiptsStore.getState().open(showing ? null : a.id)}
        >
          Receipts
        </Button>
      ) : (
        <span className="text-sm text-slate-600">
          Scheduled for {new Date(a.sendAt ?? '').toLocaleString()}
        </span>
      )}
      {abilities.edit ? (
        <>
          <Button variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="secondary" onClick={() => void update(a.id, { pinned: !a.pinned })}>
            {a.pinned ? 'Unpin' : 'Pin'}
          </Button>
        </>
      ) : null}
      {!abilities.delete ? null : confirming ? (
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
      {showing ? <ReceiptsPanel announcementId={a.id} /> : null}
    </AnnouncementCard>
  );
}

/** Who it reached and how, who saw and acknowledged it, live; and the reminder. */
function ReceiptsPanel({ announcementId }: { announcementId: string }) {
  const receipts = useReceiptsStore((s) => s.receipts);
  const loading = useReceiptsStore((s) => s.loading);
  if (loading || !receipts) return <p className="w-full text-sm text-slate-600">Loading receipts…</p>;
  const { counts } = receipts;
  const notSeen = receipts.residents.filter((r) => !r.seenAt);
  return (
    <div className="w-full rounded-md border border-slate-200 p-3 text-sm" data-testid="receipts">
      <p>
        Delivered to {counts.delivered} of {counts.residents} (push {counts.push}, mail {counts.mail}, in the
        app {counts.inApp}) · seen by {counts.seen} · acknowledged by {counts.acknowledged}
      </p>
      {notSeen.length === 0 ? (
        <p className="mt-2 text-slate-600">Everyone has seen it.</p>
      ) : (
        <>
          <p className="mt-2 font-medium">Not seen yet ({notSeen.length})</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {notSeen.map((r) => (
              <li key={r.user.id} className="rounded bg-slate-100 px-2 py-0.5">
                {r.user.username}
              </li>
            ))}
          </ul>
          <Button
            className="mt-2"
            variant="secondary"
            onClick={() => void useReceiptsStore.getState().remind(announcementId)}
          >
            Remind those who have not seen it
          </Button>
        </>
      )}
    </div>
  );
}
