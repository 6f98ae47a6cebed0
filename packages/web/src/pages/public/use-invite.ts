/** The invitation a sign-up link carries, looked up before the form shows. */
import { useEffect, useState } from 'react';
import type { InviteLookup } from '@stoop/shared';
import { errorMessage } from '../../components/form/validate.ts';
import { checkInvite } from '../../stores/invites.ts';

type InviteState =
  | { state: 'none' | 'loading' }
  | { state: 'ready'; lookup: InviteLookup }
  | { state: 'unusable'; message: string };

export function useInvite(code: string | null): InviteState {
  const [found, setFound] = useState<InviteState>({ state: code ? 'loading' : 'none' });
  useEffect(() => {
    if (!code) return;
    let live = true;
    setFound({ state: 'loading' });
    checkInvite(code)
      .then((check) => {
        if (!live) return;
        setFound(
          check.usable
            ? { state: 'ready', lookup: check.lookup }
            : { state: 'unusable', message: check.message },
        );
      })
      .catch((error: unknown) => live && setFound({ state: 'unusable', message: errorMessage(error) }));
    return () => {
      live = false;
    };
  }, [code]);
  return code ? found : { state: 'none' };
}
