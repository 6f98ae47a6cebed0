/** Requests as a list of links, newest first, each with its status badge. */
import { REQUEST_CATEGORY_LABELS, type BuildingRequest } from '@stoop/shared';
import { Link } from 'react-router';
import { RequestStatusBadge } from './RequestStatusBadge.tsx';
import { when } from './RequestHistory.tsx';

interface Props {
  items: readonly BuildingRequest[];
  /** Where a request opens. */
  linkOf: (request: BuildingRequest) => string;
  selectedId: string | undefined;
  /** The office sees who filed each request. */
  showRequester?: boolean;
}

export function RequestList({ items, linkOf, selectedId, showRequester = false }: Props) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Requests">
      {items.map((request) => (
        <li key={request.id}>
          <Link
            to={linkOf(request)}
            aria-current={request.id === selectedId ? 'true' : undefined}
            className={`block rounded-xl border bg-white p-3 hover:border-brand-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
              request.id === selectedId ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'
            }`}
          >
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 break-words font-medium text-slate-900">{request.title}</span>
              <RequestStatusBadge status={request.status} />
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {REQUEST_CATEGORY_LABELS[request.category]} · {when(request.createdAt)}
              {showRequester ? ` · ${request.requester?.username ?? 'Former resident'}` : ''}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
