/** Wraps every screen: the scroll rule, a thin progress bar while a navigation loads, and a skip link. */
import { use, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { NavigationBusyContext } from './navigation-busy.ts';
import { ScrollManager } from './ScrollManager.tsx';

/**
 * The skip link's target: the screen's own (the message composer, `data-skip-target`), else the
 * main area. Focus moves there without touching the address (R-MSG-18).
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>): void {
  const target =
    document.querySelector<HTMLElement>('[data-skip-target]') ?? document.getElementById('main-content');
  if (!target) return;
  event.preventDefault();
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

export function RootLayout() {
  const busy = use(NavigationBusyContext);
  return (
    <>
      <a
        href="#main-content"
        onClick={skipToContent}
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div
        className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand-600 transition-transform duration-300 ${busy ? 'scale-x-75' : 'scale-x-0'}`}
        aria-hidden="true"
      />
      <ScrollManager />
      <Outlet />
    </>
  );
}
