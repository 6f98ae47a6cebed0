/**
 * /admin_dashboard/invites/:inviteId/poster: one invitation's lobby poster as the app
 * draws it, with Print (the browser's print dialog; the print rules keep only the A4 sheet).
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Invite } from '@stoop/shared';
import { errorMessage } from '../../components/form/validate.ts';
import { InvitePoster } from '../../components/movein/InvitePoster.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { ErrorState, LoadingState } from '../../components/ui/LoadStates.tsx';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { useInvitesStore } from '../../stores/invites.ts';

type Loaded = { invite: Invite | null; buildingName: string };

export default function InvitePosterPage() {
  const { inviteId = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    useInvitesStore
      .getState()
      .load()
      .then(() => {
        const { invites, buildingName } = useInvitesStore.getState();
        if (live) setLoaded({ invite: invites?.find((i) => i.id === inviteId) ?? null, buildingName });
      })
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [inviteId, attempt]);

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6" aria-labelledby="poster-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="poster-title" className="text-lg font-semibold text-slate-900">
          Lobby poster
        </h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="secondary" to={DASHBOARD_PATHS.invites}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Invitations
          </ButtonLink>
          {loaded?.invite ? <Button onClick={() => window.print()}>Print</Button> : null}
        </div>
      </div>
      {error ? (
        <ErrorState
          message="The invitation could not be loaded"
          detail={error}
          onRetry={() => {
            setError(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : !loaded ? (
        <LoadingState label="Loading the poster…" />
      ) : !loaded.invite ? (
        <p className="text-sm text-slate-600">This invitation does not exist any more.</p>
      ) : (
        <>
          {loaded.invite.revokedAt ? (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              This invitation was revoked: its link and code no longer work.
            </p>
          ) : null}
          <InvitePoster invite={loaded.invite} buildingName={loaded.buildingName} />
        </>
      )}
    </section>
  );
}
