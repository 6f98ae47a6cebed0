/** Frame of the public pages: brand header with sign-in/sign-up, content, and a footer of legal links. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Logo } from '../ui/Logo.tsx';

interface PublicLayoutProps {
  children: ReactNode;
  /** Hide the header's sign-in/sign-up links (e.g. on those very pages). */
  minimalHeader?: boolean;
}

function PublicHeader({ minimalHeader = false }: { minimalHeader?: boolean }) {
  const signedIn = useAuthStore((s) => s.user !== null);
  return (
    <header className="border-b border-slate-200 bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={PATHS.root} className="rounded-md" aria-label="Stoop home">
          <Logo />
        </Link>
        {minimalHeader ? null : (
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            {signedIn ? (
              <ButtonLink to={PATHS.root} variant="primary">
                Open Stoop
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to={PATHS.login} variant="ghost" className="px-3">
                  Log in
                </ButtonLink>
                <ButtonLink to={PATHS.signup} variant="primary" className="px-3">
                  Sign up
                </ButtonLink>
              </>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}

function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {year} Stoop. Made for neighbours.</p>
        <nav aria-label="Legal and contact" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link className="hover:text-slate-900 hover:underline" to={PATHS.privacyPolicy}>
            Privacy policy
          </Link>
          <Link className="hover:text-slate-900 hover:underline" to={PATHS.termsOfService}>
            Terms of service
          </Link>
          <Link className="hover:text-slate-900 hover:underline" to={PATHS.contact}>
            Contact
          </Link>
        </nav>
      </div>
    </footer>
  );
}

export function PublicLayout({ children, minimalHeader = false }: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PublicHeader minimalHeader={minimalHeader} />
      <main id="main-content" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
