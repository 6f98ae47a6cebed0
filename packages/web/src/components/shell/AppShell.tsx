/**
 * Frame of the signed-in screens: a header (menu button on small screens, brand, actions, profile
 * menu), a sidebar that is a fixed column on large screens and a drawer (Radix Dialog) on small
 * ones, and the screen itself. The drawer (and Radix with it) loads the first time it opens.
 */
import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../navigation/paths.ts';
import { Logo } from '../ui/Logo.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { useAuthStore } from '../../stores/auth.ts';
import { useThemeStore } from '../../stores/theme.ts';
import { useUrgentBannerStore } from '../../stores/urgent-banner.ts';
import { ProfileMenu } from './ProfileMenu.tsx';
import { UnreadTitle } from './UnreadTitle.tsx';
import { useWideScreen } from './use-wide-screen.ts';

// The two banners load when there is something to show (most sessions never have): an admin
// viewing as someone, an urgent announcement not acknowledged yet.
const ViewingAsBanner = lazy(async () => ({
  default: (await import('./ViewingAsBanner.tsx')).ViewingAsBanner,
}));
const UrgentBanner = lazy(async () => ({
  default: (await import('../announcements/UrgentBanner.tsx')).UrgentBanner,
}));

// Shown only in builds with dark mode (a flag, off by default): it loads in those alone.
const ThemeToggle = lazy(async () => ({ default: (await import('../ThemeToggle.tsx')).ThemeToggle }));

const loadDrawer = () => import('./ShellDrawer.tsx');
const ShellDrawer = lazy(loadDrawer);
/** Warms the drawer's chunk when the menu button is pointed at or focused, so it opens at once. */
const preloadDrawer = () => void loadDrawer().catch(() => undefined);

interface AppShellProps {
  /** Name of the sidebar for assistive technology, e.g. "Conversations". */
  sidebarLabel: string;
  sidebar: ReactNode;
  /** Extra header items left of the profile menu (e.g. the theme toggle). */
  headerActions?: ReactNode;
  children: ReactNode;
}

export function AppShell({ sidebarLabel, sidebar, headerActions, children }: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so closing plays Radix's exit and keeps focus handling.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (drawerOpen && !drawerLoaded) setDrawerLoaded(true);
  const menuButton = useRef<HTMLButtonElement>(null);
  const wide = useWideScreen();
  const darkMode = useThemeStore((s) => s.darkModeEnabled);
  const location = useLocation();
  // Close the drawer after a navigation from inside it (adjusting state during render is React's
  // recommended alternative to an effect here).
  const [lastKey, setLastKey] = useState(location.key);
  if (lastKey !== location.key) {
    setLastKey(location.key);
    setDrawerOpen(false);
  }

  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      <UnreadTitle />
      <header className="z-20 shrink-0 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]">
        <div className="flex h-14 items-center gap-2 px-2 sm:px-4">
          <button
            ref={menuButton}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? 'shell-drawer' : undefined}
            onClick={() => setDrawerOpen(true)}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">Open {sidebarLabel.toLowerCase()}</span>
          </button>
          {drawerLoaded ? (
            <Suspense fallback={null}>
              <ShellDrawer
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                sidebarLabel={sidebarLabel}
                triggerRef={menuButton}
              >
                {sidebar}
              </ShellDrawer>
            </Suspense>
          ) : null}
          <Link to={PATHS.root} className="rounded-md" aria-label="Stoop home">
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {headerActions}
            <NotificationBell />
            {darkMode ? (
              <Suspense fallback={null}>
                <ThemeToggle />
              </Suspense>
            ) : null}
            <ProfileMenu />
          </div>
        </div>
      </header>
      <Banners />
      <div className="flex min-h-0 flex-1">
        {wide ? (
          <aside
            aria-label={sidebarLabel}
            className="hidden w-72 shrink-0 overflow-y-auto border-r border-slate-200 bg-white lg:block"
          >
            {sidebar}
          </aside>
        ) : null}
        <main id="main-content" className="min-w-0 flex-1 overflow-y-auto pb-[var(--safe-area-bottom)]">
          {children}
        </main>
      </div>
    </div>
  );
}

/** Above the screen: the viewing-as banner and the urgent one, each once it has something to say. */
function Banners() {
  const viewingAs = useAuthStore((s) => s.viewer !== null && s.user !== null);
  const urgent = useUrgentBannerStore((s) => s.items.length > 0);
  const loaded = useUrgentBannerStore((s) => s.loaded);
  useEffect(() => {
    if (!loaded) void useUrgentBannerStore.getState().load();
  }, [loaded]);
  return (
    <>
      {viewingAs ? (
        <Suspense fallback={null}>
          <ViewingAsBanner />
        </Suspense>
      ) : null}
      {urgent ? (
        <Suspense fallback={null}>
          <UrgentBanner />
        </Suspense>
      ) : null}
    </>
  );
}
