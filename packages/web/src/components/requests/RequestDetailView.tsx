/** One request in full: what was asked, the photo, the history, and the actions of who looks at it. */
import { REQUEST_CATEGORY_LABELS, type RequestDetail } from '@stoop/shared';
import type { ReactNode } from 'react';
import { RequestHistory, when } from './RequestHistory.tsx';
import { RequestStatusBadge } from './RequestStatusBadge.tsx';
import { useMediaUrl } from '../../stores/media-ticket.ts';

export function RequestDetailView({ detail, children }: { detail: RequestDetail; children?: ReactNode }) {
  const { request, history } = detail;
  const photoUrl = useMediaUrl(request.photoUrl);
  return (
    <article
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby="request-title"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="request-title" className="break-words text-lg font-semibold text-slate-900">
            {request.title}
          </h2>
          <p className="text-xs text-slate-500">
            {REQUEST_CATEGORY_LABELS[request.category]} · filed {when(request.createdAt)}
            {request.requester ? ` by ${request.requester.username}` : ''}
          </p>
        </div>
        <RequestStatusBadge status={request.status} />
      </header>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{request.description}</p>
      {photoUrl ? (
        <a href={photoUrl} target="_blank" rel="noreferrer" className="block w-fit">
          <img
            src={photoUrl}
            alt={`Photo of “${request.title}”`}
            className="max-h-72 max-w-full rounded-lg border border-slate-200 object-contain"
          />
        </a>
      ) : null}
      {children}
      <section aria-labelledby="request-history-title">
        <h3 id="request-history-title" className="mb-2 text-sm font-semibold text-slate-900">
          History
        </h3>
        <RequestHistory history={history} />
      </section>
    </article>
  );
}
