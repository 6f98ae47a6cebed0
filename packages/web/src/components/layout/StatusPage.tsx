/** A centred message page (not found, unauthorized, awaiting approval) inside the public frame. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PublicLayout } from './PublicLayout.tsx';

interface StatusPageProps {
  icon: LucideIcon;
  /** Small line above the title, e.g. an error code. */
  eyebrow?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  tone?: 'brand' | 'amber' | 'red';
}

const tones = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  amber: 'bg-amber-50 text-amber-700 ring-amber-100',
  red: 'bg-red-50 text-red-700 ring-red-100',
} as const;

export function StatusPage({
  icon: Icon,
  eyebrow,
  title,
  children,
  actions,
  tone = 'brand',
}: StatusPageProps) {
  return (
    <PublicLayout minimalHeader>
      <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-14 text-center sm:py-20">
        <div className={`flex h-16 w-16 items-center justify-center rounded-2xl ring-1 ${tones[tone]}`}>
          <Icon className="h-8 w-8" aria-hidden="true" />
        </div>
        {eyebrow ? (
          <p className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-500">{eyebrow}</p>
        ) : null}
        <h1
          className={`${eyebrow ? 'mt-1' : 'mt-5'} text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl`}
        >
          {title}
        </h1>
        <div className="mt-3 space-y-3 text-sm leading-6 text-slate-600">{children}</div>
        {actions ? (
          <div className="mt-8 flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:justify-center">
            {actions}
          </div>
        ) : null}
      </div>
    </PublicLayout>
  );
}
