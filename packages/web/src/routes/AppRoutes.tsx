/**
 * The router's view. Every navigation settles first (navigation-outcome.ts:
 * the guard, then the path's screens load) while the screen being left stays up under the progress
 * bar; only then does the new path show. A redirect replaces the history entry, so the page that was
 * refused is never one "back" away. Until the first navigation settles the splash screen shows.
 */
import { Suspense, startTransition, use, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useRoutes, type Location, type RouteObject } from 'react-router';
import { SplashScreen } from '../components/SplashScreen.tsx';
import { setNavigator } from '../navigation/navigate.ts';
import { dismissFirstView, dismissFirstViewUnlessFor } from '../services/ui/first-view.ts';
import { loadedComponent, loadRouteModule, type AppRoute } from './app-route.ts';
import { NavigationBusyContext } from './navigation-busy.ts';
import { settleNavigation } from './navigation-outcome.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { routes } from './routes.tsx';

/** A route's screen; AppRoutes has loaded it before the path shows, so it rarely suspends. */
function Screen({ route }: { route: AppRoute }) {
  const Loaded = loadedComponent(route) ?? use(loadRouteModule(route));
  return Loaded ? <Loaded /> : null;
}

function toRouteObjects(table: readonly AppRoute[]): RouteObject[] {
  return table.map((route): RouteObject => {
    const element = route.load ? <Screen route={route} /> : null;
    if (route.index) return { index: true, element };
    return {
      element: route.layout ? <RootLayout /> : element,
      path: route.path,
      ...(route.children ? { children: toRouteObjects(route.children) } : {}),
    };
  });
}

interface Shown {
  location: Location;
  error: unknown;
}

interface Props {
  /** Called with each location once it shows (after the guard and the loading of its screens). */
  onShown?: (location: Location) => void;
}

export function AppRoutes({ onShown }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown | null>(null);
  const routeObjects = useMemo(() => toRouteObjects(routes), []);

  // Socket events (an admin's lock) move the user without a component in the loop.
  useEffect(() => setNavigator((path) => void navigate(path, { replace: true })), [navigate]);

  useEffect(() => {
    // Only the path decides the guard and the screens: a new hash or query (a jump to a message, a
    // request opened from its list) shows at once, as the data router did without running loaders.
    if (shown && !shown.error && shown.location.pathname === location.pathname) {
      if (shown.location.key !== location.key) setShown({ location, error: null });
      return;
    }
    let current = true;
    void settleNavigation(location.pathname).then((outcome) => {
      if (!current) return;
      if (outcome.type === 'redirect') void navigate(outcome.to, { replace: true });
      // A transition renders in slices: showing a new screen is no long task.
      else
        startTransition(() =>
          setShown({ location, error: outcome.type === 'failed' ? outcome.error : null }),
        );
    });
    return () => {
      current = false;
    };
    // `shown` is left out on purpose: showing a location must not settle it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, navigate]);

  useEffect(() => {
    if (!shown) return;
    // The server's first view of a conversation never stays over another screen.
    if (shown.error) dismissFirstView();
    else dismissFirstViewUnlessFor(shown.location.pathname);
    onShown?.(shown.location);
  }, [shown, onShown]);

  const element = useRoutes(routeObjects, shown?.location ?? location);
  if (!shown) return <SplashScreen />;
  return (
    <NavigationBusyContext value={shown.location.key !== location.key}>
      {/* Not keyed by location: the layout and the screen stay mounted across navigations (their
          state, such as the scroll positions ScrollManager keeps). The boundary clears a caught
          error itself when the location changes. */}
      <RouteErrorBoundary resetKey={shown.location.key} error={shown.error}>
        <Suspense fallback={<SplashScreen />}>{element}</Suspense>
      </RouteErrorBoundary>
    </NavigationBusyContext>
  );
}
