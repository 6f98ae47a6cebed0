/** A vertical list of navigation links with the current one highlighted. */
import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

export interface SidebarNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active on this exact path only, not on the paths below it. */
  end?: boolean;
}

export function SidebarNav({ label, items }: { label: string; items: readonly SidebarNavItem[] }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-0.5">
        {items.map(({ to, label: text, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end ?? false}
              className={({ isActive }) =>
                `flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                }`
              }
            >
              <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              {text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
