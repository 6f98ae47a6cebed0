/**
 * /main_dashboard/requests[/:requestId]: a resident files requests to the building office
 * and follows their own: status badges, the history, follow-ups, cancelling while still open.
 * Status changes arrive live (request:updated).
 */
import { ArrowLeft, ClipboardList, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NO_REQUEST_ABILITIES } from '@stoop/shared/no-abilities';
import { REQUESTS_PAGE_SIZE } from '@stoop/shared/constants';
import { Pager } from '../../components/announcements/Pager.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { CommentForm } from '../../components/requests/CommentForm.tsx';
import { RequestDetailView } from '../../components/requests/RequestDetailView.tsx';
import { RequestForm } from '../../components/requests/RequestForm.tsx';
import { RequestList } from '../../components/requests/RequestList.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { toast } from '../../services/ui/toast.ts';
import { useRequestsStore } from '../../stores/requests.ts';
import { LoadingState } from '../../components/ui/LoadStates.tsx';

function Detail({ requestId }: { requestId: string }) {
  const { detail, opening, cancel, comment } = useRequestsStore();
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    void useRequestsStore.getState().open(requestId);
    return () => useRequestsStore.getState().close();
  }, [requestId]);

  const back = (
    <ButtonLink to={DASHBOARD_PATHS.requests} variant="ghost" className="self-start">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All my requests
    </ButtonLink>
  );
  if (!detail || detail.request.id !== requestId) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        {opening ? (
          <LoadingState label="Loading the request…" space="min-h-[30vh]" />
        ) : (
          <p className="text-sm text-slate-600">This request could not be found.</p>
        )}
      </div>
    );
  }
  const { request } = detail;
  const abilities = request.abilities ?? NO_REQUEST_ABILITIES;
  return (
    <div className="flex flex-col gap-3">
      {back}
      <RequestDetailView detail={detail}>
        {abilities.cancel ? (
          <Button
            variant="secondary"
            className="self-start"
            busy={cancelling}
            onClick={() => {
              setCancelling(true);
              void cancel(request.id).then((ok) => {
                setCancelling(false);
                if (ok) toast.success('Request cancelled');
              });
            }}
          >
            Cancel this request
          </Button>
        ) : null}
        {abilities.comment ? (
          <CommentForm label="Add a follow-up" onSubmit={(text) => comment(request.id, text)} />
        ) : null}
      </RequestDetailView>
    </div>
  );
}

export default function RequestsPage() {
  const { requestId } = useParams();
  const navigate = useNavigate();
  const { items, total, page, loaded, loading, uploadProgress, load, create } = useRequestsStore();
  const [composing, setComposing] = useState(false);

  useEffect(() => {
    void useRequestsStore.getState().load(1, {});
  }, []);

  const form = composing ? (
    <RequestForm
      progress={uploadProgress}
      onCancel={() => setComposing(false)}
      onSubmit={async (fields, photo) => {
        const made = await create(fields, photo);
        if (made) {
          setComposing(false);
          toast.success('Request sent to the office');
          void navigate(DASHBOARD_PATHS.request(made.request.id));
        }
        return made;
      }}
    />
  ) : null;

  let list;
  if (!loaded) list = <LoadingState label="Loading your requests…" space="min-h-[30vh]" />;
  else if (items.length === 0 && !composing)
    list = (
      <EmptyState
        icon={ClipboardList}
        title="No requests yet"
        description="Something broken, a parcel, noise at night? File a request and follow it here."
      >
        <Button onClick={() => setComposing(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> New request
        </Button>
      </EmptyState>
    );
  else
    list = (
      <div className="flex flex-col gap-3" aria-busy={loading || undefined}>
        <RequestList items={items} linkOf={(r) => DASHBOARD_PATHS.request(r.id)} selectedId={requestId} />
        <Pager page={page} total={total} pageSize={REQUESTS_PAGE_SIZE} onPage={(p) => void load(p)} />
      </div>
    );

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6" aria-labelledby="requests-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="requests-title" className="text-lg font-semibold text-slate-900">
          Requests to the office
        </h1>
        {composing ? null : (
          <Button onClick={() => setComposing(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New request
          </Button>
        )}
      </div>
      {form}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={requestId ? 'hidden lg:block' : undefined}>{list}</div>
        {requestId ? <Detail requestId={requestId} /> : null}
      </div>
    </section>
  );
}
