/** The centred card of the public forms (login, signup, password, contact) and the pages a mail's link opens. */
import type { ReactNode } from 'react';
import { PublicLayout } from './PublicLayout.tsx';

interface AuthPageProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. a link to the neighbouring form. */
  footer?: ReactNode;
  /** Keep the header's log-in and sign-up links: a page any visitor may reach, not a step of them. */
  accountLinks?: boolean;
}

/** A page of one centred card under the public header. */
export function AuthPage({ title, subtitle, children, footer, accountLinks = false }: AuthPageProps) {
  return (
    <PublicLayout minimalHeader={!accountLinks}>
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <div className="mt-2 text-sm text-slate-600">{subtitle}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </PublicLayout>
  );
}
