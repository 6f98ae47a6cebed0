/** A centred icon over a short message, inside a card page (components/layout/AuthPage.tsx). */
import { LinkIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthPage } from './AuthPage.tsx';

interface CardNoticeProps {
  icon: LucideIcon;
  /** The icon's colour class. */
  iconClassName: string;
  role?: 'status';
  children: ReactNode;
  /** Below the message, e.g. a button to the next step. */
  action?: ReactNode;
}

export function CardNotice({ icon: Icon, iconClassName, role, children, action }: CardNoticeProps) {
  return (
    <div className="text-center" role={role}>
      <Icon className={`mx-auto h-10 w-10 ${iconClassName}`} aria-hidden="true" />
      <p className="mt-4 text-sm text-slate-700">{children}</p>
      {action}
    </div>
  );
}

/** What a page opened from a mail's link shows when the link came without its token. */
export function IncompleteLinkPage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <AuthPage title="This link is incomplete">
      <CardNotice icon={LinkIcon} iconClassName="text-slate-400" action={action}>
        {children}
      </CardNotice>
    </AuthPage>
  );
}
