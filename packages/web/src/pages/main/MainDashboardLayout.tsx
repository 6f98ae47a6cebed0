/** /main_dashboard: the resident's chat area with its sidebar (navigation + conversations). */
import {
  BarChart3,
  CalendarDays,
  ClipboardList,
  LayoutDashboard,
  LogOut,
  Megaphone,
  MessagesSquare,
  PlugZap,
  Search,
  Settings,
  Users,
} from 'lucide-react';
import { Outlet } from 'react-router';
import { useChatBootstrap } from '../../components/chat/chat-hooks.ts';
import { ConversationSidebar } from '../../components/chat/ConversationSidebar.tsx';
import { AppShell } from '../../components/shell/AppShell.tsx';
import { SidebarNav, type SidebarNavItem } from '../../components/shell/SidebarNav.tsx';
import { useLogout } from '../../components/shell/useLogout.ts';
import { Button } from '../../components/ui/Button.tsx';
import { DASHBOARD_PATHS, PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';

const MAIN_ITEMS: readonly SidebarNavItem[] = [
  { to: DASHBOARD_PATHS.chatIntro, label: 'Home', icon: MessagesSquare },
  { to: DASHBOARD_PATHS.announcements, label: 'Announcements', icon: Megaphone },
  { to: DASHBOARD_PATHS.search, label: 'Search', icon: Search },
  { to: DASHBOARD_PATHS.residents, label: 'Residents', icon: Users },
  { to: DASHBOARD_PATHS.requests, label: 'Requests to the office', icon: ClipboardList },
  { to: DASHBOARD_PATHS.events, label: 'Events', icon: CalendarDays },
  { to: DASHBOARD_PATHS.connectDataSources, label: 'Connect data sources', icon: PlugZap },
];

function MainSidebar() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const { logout, busy } = useLogout();
  const footerItems: readonly SidebarNavItem[] = [
    isAdmin
      ? { to: PATHS.adminDashboard, label: 'Admin dashboard', icon: LayoutDashboard }
      : { to: DASHBOARD_PATHS.statistics, label: 'Statistics and billing', icon: BarChart3 },
    { to: PATHS.accountSettings, label: 'Account settings', icon: Settings },
  ];
  return (
    <div className="flex min-h-full flex-col gap-6 py-4">
      <div className="px-3">
        <SidebarNav label="Main" items={MAIN_ITEMS} />
      </div>
      <ConversationSidebar />
      <div className="mt-auto space-y-2 border-t border-slate-200 px-3 pt-4">
        <SidebarNav label="Account" items={footerItems} />
        <Button
          variant="ghost"
          className="w-full justify-start px-3 text-slate-700"
          busy={busy}
          onClick={() => void logout()}
        >
          {busy ? null : <LogOut className="h-4 w-4" aria-hidden="true" />}
          Log out
        </Button>
      </div>
    </div>
  );
}

export default function MainDashboardLayout() {
  // Here, not in the sidebar: on a phone the sidebar renders only inside the opened drawer.
  useChatBootstrap();
  return (
    <AppShell sidebarLabel="Conversations" sidebar={<MainSidebar />}>
      <Outlet />
    </AppShell>
  );
}
