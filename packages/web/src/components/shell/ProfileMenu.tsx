/**
 * The header's account menu: who is signed in, profile settings, dashboards and logout. The menu
 * (ProfileMenuDropdown, with Radix) loads the first time the button is pressed.
 */
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { User } from '@stoop/shared';
import { useAuthStore } from '../../stores/auth.ts';
import { useLazyTrigger } from '../ui/lazy-menu.ts';
import { UserAvatar } from './UserAvatar.tsx';

const loadDropdown = () => import('./ProfileMenuDropdown.tsx');
const ProfileMenuDropdown = lazy(loadDropdown);

function ProfileButton({ user, ...props }: { user: User } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      {...props}
    >
      <UserAvatar name={user.username} src={user.avatar} />
      {/* The name comes from the content, so it always holds the visible text (no aria-label). */}
      <span className="sr-only">Account menu for </span>
      <span className="sr-only sm:not-sr-only sm:inline-block sm:max-w-40 sm:truncate">{user.username}</span>
      <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden="true" />
    </button>
  );
}

export function ProfileMenu() {
  const user = useAuthStore((s) => s.user);
  const { armed, triggerProps } = useLazyTrigger(loadDropdown);
  if (!user) return null;
  if (!armed) return <ProfileButton user={user} aria-expanded={false} {...triggerProps} />;
  return (
    <Suspense fallback={<ProfileButton user={user} aria-expanded={false} />}>
      <ProfileMenuDropdown user={user} trigger={<ProfileButton user={user} />} />
    </Suspense>
  );
}
