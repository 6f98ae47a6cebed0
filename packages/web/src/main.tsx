/** Entry: start the platform services and the CSRF fetch, then render. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './App.tsx';
import { preloadRouteChunks } from './routes/routes.tsx';
import { fetchCsrfToken } from './services/http/csrf.ts';
import { startPlatform } from './platform/start.ts';
import { runInTurns } from './services/device/idle.ts';

// Before any schema is built (they load later, with the zod chunk): zod's JIT probes `new Function`,
// which the CSP (no 'unsafe-eval') reports as a violation on every page. Parsing without it is fine.
// zod reads its global configuration from this property when its core loads (zod/v4/core/core.js);
// setting it here keeps zod itself off the first load.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// No check of our own for a missing #root: createRoot throws for it already.
const container = document.getElementById('root') as HTMLElement;

// The start-up, a task each after the one that evaluated the app's modules (R-DELIVERY-12): each is
// a few milliseconds of work, and the first read of the browser's storage (the theme, in
// startPlatform) waits for the browser process, which a busy machine makes slow. In the modules'
// task they made one long task right after the server's first view was painted.
runInTurns([
  startPlatform,
  () => {
    // Fetched at start-up; a failure is logged inside and never blocks the first render.
    void fetchCsrfToken();
    // R-DELIVERY-9: the opened path's screens (and a conversation's messages) start now.
    preloadRouteChunks(window.location.pathname);
  },
  () =>
    // In a transition, which React renders in slices of a few milliseconds: the page's first render
    // is then no long task holding up the first view the server drew (R-DELIVERY-12).
    // StrictMode only checks in development; the production build leaves its wrapper out.
    startTransition(() =>
      createRoot(container).render(
        import.meta.env.DEV ? (
          <StrictMode>
            <App />
          </StrictMode>
        ) : (
          <App />
        ),
      ),
    ),
]);
