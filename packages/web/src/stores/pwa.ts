/** PWA flags (R-PWA-1): an update is waiting, and the app is ready to work offline. */
import { create } from 'zustand';

interface PwaState {
  updateAvailable: boolean;
  offlineReady: boolean;
  /** Set by platform/pwa.ts once registered: activates the waiting worker and reloads. */
  applyUpdate: () => void;
  setUpdateAvailable: (value: boolean) => void;
  setOfflineReady: (value: boolean) => void;
  setApplyUpdate: (fn: () => void) => void;
}

export const usePwaStore = create<PwaState>()((set) => ({
  updateAvailable: false,
  offlineReady: false,
  applyUpdate: () => undefined,
  setUpdateAvailable: (updateAvailable) => set({ updateAvailable }),
  setOfflineReady: (offlineReady) => set({ offlineReady }),
  setApplyUpdate: (applyUpdate) => set({ applyUpdate }),
}));
