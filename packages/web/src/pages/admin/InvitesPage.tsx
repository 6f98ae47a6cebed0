/**
 * /admin_dashboard/invites: the building's name as posters
 * and invitation sign-ups show it, a new invitation, and the invitations with their uses, who
 * joined, the lobby poster and Revoke.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { TextField } from '../../components/form/fields.tsx';
import { errorMessage } from '../../components/form/validate.ts';
import { InviteForm } from '../../components/movein/InviteForm.tsx';
import { InviteList } from '../../components/movein/InviteList.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ErrorState, LoadingState } from '../../components/ui/LoadStates.tsx';
import { toast } from '../../services/ui/toast.ts';
import { useInvitesStore } from '../../stores/invites.ts';

export default function InvitesPage() {
  const { invites, buildingName } = useInvitesStore();
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      await useInvitesStore.getState().load();
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6" aria-labelledby="invites-title">
      <header>
        <h1 id="invites-title" className="text-lg font-semibold text-slate-900">
          Invitations
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Invite residents with a link or a poster in the lobby. Each link has an expiry and a number of
          sign-ups, and you choose whether those who join wait for your approval.
        </p>
      </header>
      {loadError ? (
        <ErrorState
          message="The invitations could not be loaded"
          detail={loadError}
          onRetry={() => void load()}
        />
      ) : invites === null ? (
        <LoadingState label="Loading the invitations…" />
      ) : (
        <>
          <BuildingNameForm key={buildingName} saved={buildingName} />
          <InviteForm
            onCreate={async (body) => {
              try {
                const created = await useInvitesStore.getState().create(body);
                toast.success(`Invitation ${created.code} created`);
                return true;
              } catch (error) {
                toast.error('The invitation could not be created', { description: errorMessage(error) });
                return false;
              }
            }}
          />
          <section aria-labelledby="invite-list-title" className="space-y-3">
            <h2 id="invite-list-title" className="text-base font-semibold text-slate-900">
              Invitations ({invites.length})
            </h2>
            <InviteList
              invites={invites}
              onRevoke={async (id) => {
                try {
                  await useInvitesStore.getState().revoke(id);
                  toast.success('Invitation revoked: its link no longer works.');
                } catch (error) {
                  toast.error('The invitation could not be revoked', { description: errorMessage(error) });
                }
              }}
            />
          </section>
        </>
      )}
    </section>
  );
}

function BuildingNameForm({ saved }: { saved: string }) {
  const [name, setName] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name is required');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await useInvitesStore.getState().rename(name.trim());
      toast.success('Building name saved');
    } catch (e) {
      toast.error('The building name could not be saved', { description: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <TextField
          label="Building name (on posters and the sign-up page)"
          value={name}
          onValueChange={setName}
          maxLength={100}
          error={error}
        />
      </div>
      <Button type="submit" variant="secondary" busy={busy} disabled={name.trim() === saved}>
        Save name
      </Button>
    </form>
  );
}
