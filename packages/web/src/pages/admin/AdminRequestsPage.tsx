/**
 * /admin_dashboard/requests: the office's queue of building requests, filtered by
 * status and category; a request opens beside the list (below it on a phone) with its photo,
 * history, a status change with a note, and notes for the resident. New requests arrive live.
 */
import { ClipboardList } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  REQUEST_CATEGORIES,
  REQUEST_CATEGORY_LABELS,
  REQUEST_STATUSES,
  REQUEST_STATUS_LABELS,
  type RequestCategory,
  type RequestStatus,
} from '@stoop/shared';
import { REQUESTS_PAGE_SIZE } from '@stoop/shared/constants';
import { NO_REQUEST_ABILITIES } from '@stoop/shared/no-abilities';
import { Pager } from '../../components/announcements/Pager.tsx';
import { SelectField } from '../../components/form/fields.tsx';
import { CommentForm } from '../../components/requests/CommentForm.tsx';
import { RequestDetailView } from '../../components/requests/RequestDetailView.tsx';
import { RequestList } from '../../components/requests/RequestList.tsx';
import { StatusChangeForm } from '../../components/requests/StatusChangeForm.tsx';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { toast } from '../../services/ui/toast.ts';
import { useRequestsStore } from '../../stores/requests.ts';
import { LoadingState } from '../../components/ui/LoadStates.tsx';

const ANY = '';
const STATUS_OPTIONS = [
  { value: ANY, label: 'Any status' },
  ...REQUEST_STATUSES.map((value) => ({ value, label: REQUEST_STATUS_LABELS[value] })),
];
const CATEGORY_OPTIONS = [
  { value: ANY, label: 'Any category' },
  ...REQUEST_CATEGORIES.map((value) => ({ value, label: REQUEST_CATEGORY_LABELS[value] })),
];
const linkOf = (id: string) => `${DASHBOARD_PATHS.adminRequests}?request=${encodeURIComponent(id)}`;

function Detail({ requestId }: { requestId: string }) {
  const { detail, opening, changeStatus, comment } = useRequestsStore();
  useEffect(() => {
    void useRequestsStore.getState().open(requestId);
    return () => useRequestsStore.getState().close();
  }, [requestId]);
  if (!detail || detail.request.id !== requestId) {
    return opening ? (
      <LoadingState label="Loading the request…" space="min-h-[20vh]" />
    ) : (
      <p className="text-sm text-slate-600">This request could not be found.</p>
    );
  }
  const { request } = detail;
  return (
    <RequestDetailView detail={detail}>
      <StatusChangeForm
        key={`${request.id}-${request.status}`}
        request={request}
        onSubmit={async (status, note) => {
          const ok = await changeStatus(request.id, status, note);
          if (ok)
            toast.success(`Marked ${REQUEST_STATUS_LABELS[status].toLowerCase()}; the resident was told`);
          return ok;
        }}
      />
      {(request.abilities ?? NO_REQUEST_ABILITIES).comment ? (
        <CommentForm label="Add a note for the resident" onSubmit={(text) => comment(request.id, text)} />
      ) : null}
    </RequestDetailView>
  );
}

export default function AdminRequestsPage() {
  const [search] = useSearchParams();
  const selected = search.get('request') ?? undefined;
  const { items, total, page, filters, loaded, loading, load } = useRequestsStore();

  useEffect(() => {
    void useRequestsStore.getState().load(1, {});
  }, []);

  const setFilter = (patch: { status?: RequestStatus | undefined; category?: RequestCategory | undefined }) =>
    void load(1, { ...filters, ...patch });

  return (
    <section
      className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6"
      aria-labelledby="admin-requests-title"
    >
      <h1 id="admin-requests-title" className="text-lg font-semibold text-slate-900">
        Building requests
      </h1>
      <div className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SelectField
          label="Status"
          name="status-filter"
          value={filters.status ?? ANY}
          onValueChange={(value) =>
            setFilter({ status: value === ANY ? undefined : (value as RequestStatus) })
          }
          options={STATUS_OPTIONS}
        />
        <SelectField
          label="Category"
          name="category-filter"
          value={filters.category ?? ANY}
          onValueChange={(value) =>
            setFilter({ category: value === ANY ? undefined : (value as RequestCategory) })
          }
          options={CATEGORY_OPTIONS}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div aria-busy={loading || undefined}>
          {!loaded ? (
            <LoadingState label="Loading requests…" space="min-h-[20vh]" />
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-8 text-center">
              <ClipboardList className="h-8 w-8 text-slate-400" aria-hidden="true" />
              <p className="font-medium text-slate-800">No requests here</p>
              <p className="text-sm text-slate-600">
                {filters.status || filters.category
                  ? 'No request matches these filters.'
                  : 'Requests residents file will appear here as they come in.'}
              </p>
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <RequestList items={items} linkOf={(r) => linkOf(r.id)} selectedId={selected} showRequester />
              <Pager page={page} total={total} pageSize={REQUESTS_PAGE_SIZE} onPage={(p) => void load(p)} />
            </div>
          )}
        </div>
        {selected ? (
          <Detail requestId={selected} />
        ) : (
          <p className="hidden text-sm text-slate-600 lg:block">Choose a request to see it in full.</p>
        )}
      </div>
    </section>
  );
}
