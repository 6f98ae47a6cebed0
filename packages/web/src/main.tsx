/** Entry: start the platform services and the CSRF fetch, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './App.tsx';
import { preloadRouteChunks } from './routes/routes.tsx';
import { fetchCsrfToken } from './services/http/csrf.ts';
import { startPlatform } from './platform/start.ts';

// Before any schema is built (they load later, with the zod chunk): zod's JIT probes `new Function`,
// which the CSP (no 'unsafe-eval') reports as a violation on every page. Parsing without it is fine.
// zod reads its global configuration from this property when its core loads (zod/v4/core/core.js);
// setting it here keeps zod itself off the first load (R-DELIVERY-7).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
startPlatform();
// R-API-1, R-ERR-9: fetched at start-up; a failure is logged inside and never blocks the first render.
void fetchCsrfToken();
// R-DELIVERY-9, R-DELIVERY-10: the opened path's screens (and a conversation's messages) start now.
preloadRouteChunks(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
