/**
 * What a resident has typed but not sent, per composer (a conversation's own, or one thread's reply
 * box; keys are outbox `draftKey`s), kept in local storage so it survives a reload and a restart of
 * the app (R-STORE-6). The sidebar marks conversations that hold one. Logout forgets them all.
 */
import { create } from 'zustand';
import { storage } from '../services/storage/storage.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';

export const DRAFTS_STORAGE_KEY = 'composer_drafts';
/** Writes wait this long after the last keystroke, so typing is not a storage write per key. */
const SAVE_DELAY_MS = 300;

interface DraftsState {
  drafts: Readonly<Record<string, string>>;
  /** Keeps (or, for blank text, forgets) the draft of one composer. */
  setDraft: (key: string, text: string) => void;
  reset: () => void;
}

function readStored(): Record<string, string> {
  const stored = storage.get<Record<string, unknown>>(DRAFTS_STORAGE_KEY, {});
  const drafts: Record<string, string> = {};
  for (const [key, text] of Object.entries(stored))
    if (typeof text === 'string' && text.trim()) drafts[key] = text;
  return drafts;
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;

export const useDraftsStore = create<DraftsState>()((set, get) => ({
  drafts: readStored(),
  setDraft: (key, text) => {
    const current = get().drafts;
    if ((current[key] ?? '') === (text.trim() ? text : '')) return;
    const drafts = { ...current };
    if (text.trim()) drafts[key] = text;
    else delete drafts[key];
    set({ drafts });
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      saveTimer = null;
      storage.set(DRAFTS_STORAGE_KEY, get().drafts);
    }, SAVE_DELAY_MS);
  },
  reset: () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    storage.remove(DRAFTS_STORAGE_KEY);
    set({ drafts: {} });
  },
}));

/** Saves at once what waits for its delay (the page is being hidden or closed). */
export function flushDrafts(): void {
  if (!saveTimer) return;
  clearTimeout(saveTimer);
  saveTimer = null;
  storage.set(DRAFTS_STORAGE_KEY, useDraftsStore.getState().drafts);
}

/** Whether any composer of this conversation (its own or a thread's) holds a draft. */
export const hasDraftIn = (drafts: Readonly<Record<string, string>>, conversationId: string): boolean =>
  Object.keys(drafts).some((key) => key === conversationId || key.startsWith(`${conversationId}/thread/`));

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushDrafts);
registerSessionCleanup(() => useDraftsStore.getState().reset());
