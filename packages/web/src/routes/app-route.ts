/**
 * One entry of the route table (R-ROUTE-0) and the loading of its screen. A route names its path
 * (or is an index), and either loads a screen module on first use, redirects (a dashboard's index),
 * or is the root layout. Loaded modules are kept, so a screen renders at once the next time.
 */
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

interface RouteScreen {
  /** The screen, loaded on first use. */
  load?: () => Promise<PageModule>;
}

/** An index route: a screen, or a dashboard's index that only sends the visitor on. */
interface IndexAppRoute extends RouteScreen {
  index: true;
  /** Where to go instead (replacing the history entry). */
  redirectTo?: string;
}

interface PathAppRoute extends RouteScreen {
  index?: false;
  path: string;
  /** The root layout (RootLayout): the skip link, the progress bar and the scroll rule. */
  layout?: boolean;
  children?: AppRoute[];
}

export type AppRoute = IndexAppRoute | PathAppRoute;

const loaded = new WeakMap<AppRoute, ComponentType>();
const loading = new WeakMap<AppRoute, Promise<ComponentType | null>>();

/** Loads the route's screen once (null for a route without one); a failed load may be retried. */
export function loadRouteModule(route: AppRoute): Promise<ComponentType | null> {
  const { load } = route;
  if (!load) return Promise.resolve(null);
  let pending = loading.get(route);
  if (!pending) {
    pending = load().then(
      (module) => {
        loaded.set(route, module.default);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(route);
        throw error;
      },
    );
    loading.set(route, pending);
  }
  return pending;
}

/** The route's screen if it has loaded, else undefined. */
export const loadedComponent = (route: AppRoute): ComponentType | undefined => loaded.get(route);
