/** The designed empty state of a screen whose content arrives later or is empty right now. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  /** One sentence: what will appear here. */
  description: string;
  /** Optional action, e.g. a link to a related screen. */
  children?: ReactNode;
}

export function EmptyState({ icon: Icon, title, description, children }: EmptyStateProps) {
  return (
    <section
      className="flex h-full min-h-[60vh] flex-col items-center justify-center px-6 py-12 text-center"
      aria-labelledby="empty-state-title"
    >
      <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon className="h-8 w-8" aria-hidden="true" />
      </div>
      <h1 id="empty-state-title" className="mt-5 text-lg font-semibold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 max-w-sm text-sm leading-6 text-slate-600">{description}</p>
      {children ? <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </section>
  );
}
