/**
 * The connect-data-sources screen: the sources feeding channels and, once after a
 * webhook is connected or its secret rotated, its address. Errors go out as toasts.
 */
import { create } from 'zustand';
import type { CreateIntegrationBody, Integration, UpdateIntegrationBody } from '@stoop/shared';
import { isApiError } from '../services/http/client.ts';
import { integrationsApi } from '../services/api/integrations-api.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';

/** A webhook's address, shown once: the server keeps only its hash. */
export interface RevealedWebhook {
  integrationId: string;
  name: string;
  url: string;
}

export interface IntegrationsState {
  items: Integration[];
  loading: boolean;
  loaded: boolean;
  revealed: RevealedWebhook | null;
  load: () => Promise<void>;
  /** Answers whether the source was connected. */
  connect: (body: CreateIntegrationBody) => Promise<boolean>;
  update: (id: string, patch: UpdateIntegrationBody) => Promise<boolean>;
  rotate: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  /** A source connected, changed or posted, as the server sent it live. */
  applyLive: (integration: Integration) => void;
  /** A source deleted, or moved where this reader cannot follow it. */
  applyRemoved: (id: string) => void;
  dismissRevealed: () => void;
  reset: () => void;
}

const initial = { items: [] as Integration[], loading: false, loaded: false, revealed: null };

function fail(message: string, error: unknown): void {
  toast.error(message, isApiError(error) ? { description: error.message } : {});
}

/** The webhook address as a full URL, whatever origin the server named. */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

export const useIntegrationsStore = create<IntegrationsState>()((set, get) => {
  // A known source keeps its place in the list; a new one goes last.
  const put = (integration: Integration) => {
    const items = get().items;
    set({
      items: items.some((i) => i.id === integration.id)
        ? items.map((i) => (i.id === integration.id ? integration : i))
        : [...items, integration],
    });
  };
  const drop = (id: string) =>
    set({
      items: get().items.filter((i) => i.id !== id),
      revealed: get().revealed?.integrationId === id ? null : get().revealed,
    });
  return {
    ...initial,

    load: async () => {
      set({ loading: true });
      try {
        set({ items: await integrationsApi.list(), loaded: true });
      } catch (error) {
        fail('The data sources could not be loaded.', error);
      } finally {
        set({ loading: false });
      }
    },

    connect: async (body) => {
      try {
        const { integration, webhookUrl } = await integrationsApi.create(body);
        put(integration);
        if (webhookUrl)
          set({
            revealed: { integrationId: integration.id, name: integration.name, url: absolute(webhookUrl) },
          });
        toast.success(`${integration.name} is connected to #${integration.conversationName}.`);
        return true;
      } catch (error) {
        fail('The data source could not be connected.', error);
        return false;
      }
    },

    update: async (id, patch) => {
      try {
        put((await integrationsApi.update(id, patch)).integration);
        return true;
      } catch (error) {
        fail('The data source could not be changed.', error);
        return false;
      }
    },

    rotate: async (id) => {
      try {
        const { integration, webhookUrl } = await integrationsApi.rotateSecret(id);
        put(integration);
        if (webhookUrl)
          set({
            revealed: { integrationId: integration.id, name: integration.name, url: absolute(webhookUrl) },
          });
        toast.success('The webhook has a new address; the old one no longer works.');
      } catch (error) {
        fail('The webhook address could not be changed.', error);
      }
    },

    remove: async (id) => {
      try {
        await integrationsApi.remove(id);
        drop(id);
      } catch (error) {
        fail('The data source could not be disconnected.', error);
      }
    },

    applyLive: put,
    applyRemoved: drop,

    dismissRevealed: () => set({ revealed: null }),
    reset: () => set(initial),
  };
});

// Logout clears what the session saw.
registerSessionCleanup(() => useIntegrationsStore.getState().reset());
