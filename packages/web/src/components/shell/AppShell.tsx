/**
 * Frame of the signed-in screens: a header (menu button on small screens, brand, actions, profile
 * menu), a sidebar that is a fixed column on large screens and a drawer (Radix Dialog) on small
 * ones, and the screen itself.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../navigation/paths.ts';
import { Logo } from '../ui/Logo.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { ThemeToggle } from '../ThemeToggle.tsx';

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
      <header className="z-20 shrink-0 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]">
        <div className="flex h-14 items-center gap-2 px-2 sm:px-4">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger asChild>
              <button type="button" className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden">
                <Menu className="h-5 w-5" aria-hidden="true" />
                <span className="sr-only">Open {sidebarLabel.toLowerCase()}</span>
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white pb-[env(safe-area-inset-bottom)] pt-[env(safe-area-inset-top)] shadow-xl lg:hidden">
                <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-3">
                  <Dialog.Title asChild>
                    <span>
                      <Logo />
                      <span className="sr-only"> — {sidebarLabel}</span>
                    </span>
                  </Dialog.Title>
                  <Dialog.Close asChild>
                    <button type="button" className="rounded-md p-2 text-slate-500 hover:bg-slate-100">
                      <X className="h-5 w-5" aria-hidden="true" />
                      <span className="sr-only">Close</span>
                    </button>
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Navigation</Dialog.Description>
                <div className="min-h-0 flex-1 overflow-y-auto">{sidebar}</div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <Link to={PATHS.root} className="rounded-md" aria-label="Stoop home">
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {headerActions}
            <NotificationBell />
            <ThemeToggle />
            <ProfileMenu />
          </div>
        </div>
      </header>
      <div className="flex min-h-0 flex-1">
        <aside
          aria-label={sidebarLabel}
          className="hidden w-72 shrink-0 overflow-y-auto border-r border-slate-200 bg-white lg:block"
        >
          {sidebar}
        </aside>
        <main id="main-content" className="min-w-0 flex-1 overflow-y-auto pb-[env(safe-area-inset-bottom)]">
          {children}
        </main>
      </div>
    </div>
  );
}
