/**
 * What one navigation comes to: the guard's redirect, a dashboard index's redirect, or
 * the path shown once its screens have loaded. Nothing of the new path renders before this settles,
 * so no screen (and none of its fetches) starts for a visitor the guard sends elsewhere.
 */
import { loadRouteModule } from './app-route.ts';
import { runGuard } from './guard-runner.ts';
import { matchAppRoutes } from './routes.tsx';

export type NavigationOutcome =
  { type: 'redirect'; to: string } | { type: 'show' } | { type: 'failed'; error: unknown };

/** Redirects followed within one navigation before giving up (the guard's rules never chain more). */
const MAX_REDIRECTS = 5;

/** Where `pathname` leads: the guard's redirect, or a dashboard index's; null to show it. */
async function redirectOf(pathname: string): Promise<string | null> {
  const target = await runGuard(pathname);
  if (target !== null) return target;
  const last = matchAppRoutes(pathname)?.at(-1)?.route;
  return last?.index && last.redirectTo ? last.redirectTo : null;
}

/**
 * Settles the navigation to `pathname`. Redirects are followed here, so the address bar goes
 * straight to where the visitor ends up (awaiting approval → the dashboard's chat intro, never the
 * bare dashboard in between).
 */
export async function settleNavigation(pathname: string): Promise<NavigationOutcome> {
  try {
    let path = pathname;
    for (let hop = 0; ; hop++) {
      const next = await redirectOf(path);
      if (next === null) break;
      if (hop === MAX_REDIRECTS || next === pathname) throw new Error(`Redirect loop from ${pathname}`);
      path = next;
    }
    if (path !== pathname) return { type: 'redirect', to: path };
    const matches = matchAppRoutes(pathname) ?? [];
    await Promise.all(matches.map(({ route }) => loadRouteModule(route)));
    return { type: 'show' };
  } catch (error) {
    // A screen's chunk that no longer exists (a deploy since the page loaded) or a guard failure.
    return { type: 'failed', error };
  }
}
