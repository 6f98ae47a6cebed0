/** One announcement: title, badges (pinned, urgent, new), author and date, the markdown body. */
import { AlertTriangle, Pin } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Announcement } from '@stoop/shared';
import { AnnouncementBody } from './AnnouncementBody.tsx';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

interface AnnouncementCardProps {
  announcement: Announcement;
  /** Show the reader's read state ("New"); admins manage rather than read. */
  showReadState?: boolean;
  /** Actions under the body (edit, delete). */
  children?: ReactNode;
}

export function AnnouncementCard({ announcement: a, showReadState = true, children }: AnnouncementCardProps) {
  return (
    <article
      aria-labelledby={`announcement-${a.id}`}
      className={`rounded-xl border bg-white p-4 shadow-sm ${a.urgent ? 'border-red-300' : 'border-slate-200'}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2
          id={`announcement-${a.id}`}
          className="min-w-0 break-words text-base font-semibold text-slate-900"
        >
          {a.title}
        </h2>
        {a.pinned ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
            <Pin className="h-3 w-3" aria-hidden="true" /> Pinned
          </span>
        ) : null}
        {a.urgent ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700">
            <AlertTriangle className="h-3 w-3" aria-hidden="true" /> Urgent
          </span>
        ) : null}
        {showReadState && !a.read ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            New
          </span>
        ) : null}
      </header>
      <p className="mt-1 text-xs text-slate-500">
        {a.author ? `${a.author.username} · ` : ''}
        {dateOf(a.createdAt)}
        {a.updatedAt !== a.createdAt ? ' · edited' : ''}
      </p>
      <div className="mt-3">
        <AnnouncementBody source={a.body} />
      </div>
      {children ? <div className="mt-3 flex flex-wrap gap-2">{children}</div> : null}
    </article>
  );
}
