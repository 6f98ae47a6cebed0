/**
 * Lobby invitations: the admins' list with the building's name, its
 * changes, and the code lookup of an invitation's sign-up page. Failures come back as thrown errors;
 * the screens word them as toasts.
 */
import { create } from 'zustand';
import type { Invite, InviteLookup } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { moveinApi, type NewInvite } from '../services/api/movein-api.ts';
import { isApiError } from '../services/http/client.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';

export type { NewInvite };

export type InviteCheck = { usable: true; lookup: InviteLookup } | { usable: false; message: string };

/**
 * What a sign-up link's code says; a spent or malformed code is a message,
 * not an error: the server's 404 says why (expired, used up, revoked, unknown), and a code that is not
 * even well formed is one we do not know.
 */
export async function checkInvite(code: string): Promise<InviteCheck> {
  try {
    return { usable: true, lookup: await moveinApi.lookupInvite(code) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { usable: false, message: error.message };
    if (isApiError(error) && error.status === 400) return { usable: false, message: TEXTS.inviteUnknown };
    throw error;
  }
}

interface InvitesState {
  invites: Invite[] | null;
  buildingName: string;
  load: () => Promise<void>;
  create: (body: NewInvite) => Promise<Invite>;
  revoke: (id: string) => Promise<void>;
  rename: (name: string) => Promise<void>;
  reset: () => void;
}

export const useInvitesStore = create<InvitesState>()((set) => ({
  invites: null,
  buildingName: '',
  load: async () => {
    const { data, buildingName } = await moveinApi.listInvites();
    set({ invites: data, buildingName });
  },
  create: async (body) => {
    const created = await moveinApi.createInvite(body);
    set((s) => ({ invites: [created, ...(s.invites ?? [])] }));
    return created;
  },
  revoke: async (id) => {
    const revoked = await moveinApi.revokeInvite(id);
    set((s) => ({ invites: (s.invites ?? []).map((i) => (i.id === id ? revoked : i)) }));
  },
  rename: async (name) => set({ buildingName: await moveinApi.setBuildingName(name) }),
  reset: () => set({ invites: null, buildingName: '' }),
}));

registerSessionCleanup(() => useInvitesStore.getState().reset());
