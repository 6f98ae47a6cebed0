/** The account menu itself (Radix DropdownMenu); its own chunk, loaded by ProfileMenu on first use. */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LayoutDashboard, LogOut, MessagesSquare, Settings } from 'lucide-react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@stoop/shared';
import { PATHS } from '../../navigation/paths.ts';
import { useLogout } from './useLogout.ts';

const itemClass =
  'flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

interface ProfileMenuDropdownProps {
  user: User;
  /** The trigger button (ProfileMenu's), which this menu takes over. */
  trigger: ReactElement;
}

export default function ProfileMenuDropdown({ user, trigger }: ProfileMenuDropdownProps) {
  const navigate = useNavigate();
  const { logout } = useLogout();
  return (
    // Opened: it mounts when the plain trigger is first pressed.
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(PATHS.accountSettings)}>
            <Settings className="h-4 w-4" aria-hidden="true" /> Account settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(PATHS.mainDashboard)}>
            <MessagesSquare className="h-4 w-4" aria-hidden="true" /> Chat
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(PATHS.adminDashboard)}>
            <LayoutDashboard className="h-4 w-4" aria-hidden="true" />{' '}
            {user.role === 'admin' ? 'Admin dashboard' : 'Statistics and billing'}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={`${itemClass} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`}
            onSelect={() => void logout()}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
