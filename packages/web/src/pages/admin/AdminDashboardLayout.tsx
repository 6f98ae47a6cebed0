/**
 * /admin_dashboard: statistics and billing for every signed-in user; approval, flagged content
 * and announcements only for admins (the guard enforces it, the navigation hides them).
 */
import {
  ArrowLeft,
  BarChart3,
  ClipboardList,
  CreditCard,
  Download,
  Flag,
  LinkIcon,
  Megaphone,
  ScrollText,
  UserCheck,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { AppShell } from '../../components/shell/AppShell.tsx';
import { SidebarNav, type SidebarNavItem } from '../../components/shell/SidebarNav.tsx';
import { DASHBOARD_PATHS, PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';

const EVERYONE: readonly SidebarNavItem[] = [
  { to: DASHBOARD_PATHS.statistics, label: 'Statistics', icon: BarChart3 },
  { to: DASHBOARD_PATHS.billing, label: 'Billing', icon: CreditCard },
];

const ADMIN_ONLY: readonly SidebarNavItem[] = [
  { to: DASHBOARD_PATHS.userApproval, label: 'User approval', icon: UserCheck },
  { to: DASHBOARD_PATHS.flaggedContent, label: 'Flagged content', icon: Flag },
  { to: DASHBOARD_PATHS.adminAnnouncements, label: 'Announcements', icon: Megaphone },
  // ---- user approval: the audit log ----
  { to: DASHBOARD_PATHS.auditLog, label: 'Audit log', icon: ScrollText },
  { to: DASHBOARD_PATHS.adminRequests, label: 'Requests', icon: ClipboardList },
  // ---- moving a building in; icons the app already has, as every icon
  // is in the one icons chunk of the first load ----
  { to: DASHBOARD_PATHS.invites, label: 'Invitations', icon: LinkIcon },
  { to: DASHBOARD_PATHS.whatsappImport, label: 'WhatsApp import', icon: Download },
];

/** The items the current user may open. */
function adminNavItems(isAdmin: boolean): readonly SidebarNavItem[] {
  return isAdmin ? [...EVERYONE, ...ADMIN_ONLY] : EVERYONE;
}

function AdminSidebar({ items }: { items: readonly SidebarNavItem[] }) {
  return (
    <div className="space-y-6 px-3 py-4">
      <SidebarNav label="Dashboard" items={items} />
      <div className="border-t border-slate-200 pt-4">
        <SidebarNav
          label="Back"
          items={[{ to: PATHS.mainDashboard, label: 'Back to chat', icon: ArrowLeft }]}
        />
      </div>
    </div>
  );
}

export default function AdminDashboardLayout() {
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const items = adminNavItems(isAdmin);
  return (
    <AppShell sidebarLabel="Dashboard" sidebar={<AdminSidebar items={items} />}>
      {/* On small screens the sections are tabs under the header, quicker than the drawer. */}
      <nav
        aria-label="Dashboard sections"
        className="overflow-x-auto border-b border-slate-200 bg-white lg:hidden"
      >
        <ul className="flex min-w-max gap-1 px-2">
          {items.map(({ to, label }) => (
            <li key={to}>
              <NavLink
                to={to}
                // The active section stays in view when the tabs are wider than a phone.
                ref={(link) => {
                  if (link?.getAttribute('aria-current') === 'page')
                    link.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
                }}
                className={({ isActive }) =>
                  `block border-b-2 px-3 py-3 text-sm font-medium ${
                    isActive
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-600 hover:text-slate-900'
                  }`
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </AppShell>
  );
}
