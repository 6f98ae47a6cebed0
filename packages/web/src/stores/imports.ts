/**
 * The WhatsApp import screen: the channels an export can go into, the residents a
 * sender can become, the past imports, and the calls of a preview, an import and an undo. Failures
 * come back as thrown errors; the screen words them as toasts.
 */
import { create } from 'zustand';
import type { Conversation, ImportPreview, ImportResult, ImportSummary } from '@stoop/shared';
import { adminApi } from '../services/api/admin-api.ts';
import { chatApi } from '../services/api/chat-api.ts';
import { moveinApi, type ImportChoices } from '../services/api/movein-api.ts';
import type { UploadOptions } from '../services/http/upload.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';

type UploadProgress = UploadOptions['onProgress'];

/** Residents a sender can be mapped to: a building has hundreds, one page holds them. */
const RESIDENTS_LISTED = 500;

export interface Resident {
  id: string;
  username: string;
}

interface ImportsState {
  channels: Conversation[] | null;
  residents: Resident[];
  imports: ImportSummary[] | null;
  /** Loads the channels, the residents and the imports; answers the names of what failed. */
  load: () => Promise<string[]>;
  refresh: () => Promise<void>;
  preview: (file: File, onProgress: UploadProgress) => Promise<ImportPreview>;
  run: (file: File, choices: ImportChoices, onProgress: UploadProgress) => Promise<ImportResult>;
  /** The running import of this file, if the server has started it (its batches' progress). */
  running: (fileName: string, since: number) => Promise<ImportSummary | null>;
  undo: (id: string) => Promise<void>;
  reset: () => void;
}

const EMPTY = { channels: null, residents: [], imports: null };

export const useImportsStore = create<ImportsState>()((set, get) => ({
  ...EMPTY,
  load: async () => {
    const [channels, residents, imports] = await Promise.allSettled([
      chatApi.listConversations(),
      adminApi.accounts({ status: 'unlocked', sort: 'name', limit: RESIDENTS_LISTED, offset: 0 }),
      moveinApi.listImports(),
    ]);
    set({
      channels: channels.status === 'fulfilled' ? channels.value.filter((c) => c.type === 'channel') : [],
      residents:
        residents.status === 'fulfilled'
          ? residents.value.users.map((u) => ({ id: u.id, username: u.username }))
          : [],
      imports: imports.status === 'fulfilled' ? imports.value : [],
    });
    const failed: string[] = [];
    if (channels.status === 'rejected') failed.push('the channels');
    if (residents.status === 'rejected') failed.push('the residents');
    if (imports.status === 'rejected') failed.push('the past imports');
    return failed;
  },
  refresh: async () => set({ imports: await moveinApi.listImports() }),
  preview: (file, onProgress) => moveinApi.previewImport(file, onProgress ? { onProgress } : {}),
  run: async (file, choices, onProgress) => {
    try {
      return await moveinApi.runImport(file, choices, onProgress ? { onProgress } : {});
    } finally {
      await get()
        .refresh()
        .catch(() => undefined);
    }
  },
  running: async (fileName, since) => {
    const list = await moveinApi.listImports();
    return (
      list.find(
        (i) => i.status === 'running' && i.fileName === fileName && Date.parse(i.createdAt) >= since,
      ) ?? null
    );
  },
  undo: async (id) => {
    try {
      await moveinApi.undoImport(id);
    } finally {
      await get()
        .refresh()
        .catch(() => undefined);
    }
  },
  reset: () => set(EMPTY),
}));

registerSessionCleanup(() => useImportsStore.getState().reset());
