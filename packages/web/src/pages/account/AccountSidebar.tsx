import { ArrowLeft, Bell, UserRound } from 'lucide-react';
import { SidebarNav } from '../../components/shell/SidebarNav.tsx';
import { PATHS } from '../../navigation/paths.ts';

/** The account screens' navigation: back to the chat, the profile and the notification settings. */
export function AccountSidebar() {
  return (
    <div className="px-3 py-4">
      <SidebarNav
        label="Account"
        items={[
          { to: PATHS.mainDashboard, label: 'Back to chat', icon: ArrowLeft },
          { to: PATHS.accountSettings, label: 'Profile', icon: UserRound, end: true },
          { to: PATHS.notificationSettings, label: 'Notifications', icon: Bell },
        ]}
      />
    </div>
  );
}
