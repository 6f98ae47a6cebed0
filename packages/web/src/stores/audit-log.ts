/**
 * The audit-log screen (R-ADMIN-17): the filters, the page on screen and its total. Dates are
 * picked as local calendar days and sent as the instants where those days start and end.
 */
import { create } from 'zustand';
import { AUDIT_LOG_PAGE_SIZE } from '@stoop/shared/constants';
import type { AuditEntry, AuditLogQuery } from '@stoop/shared';
import { adminApi } from '../services/api/admin-api.ts';
import { isApiError } from '../services/http/client.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';

export interface AuditFilters {
  action: string;
  /** Part of the actor's or target's username. */
  actor: string;
  target: string;
  /** Local calendar days, `YYYY-MM-DD`, both inclusive; '' for open. */
  fromDay: string;
  toDay: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', actor: '', target: '', fromDay: '', toDay: '' };

export interface AuditLogState {
  filters: AuditFilters;
  page: number;
  entries: AuditEntry[];
  total: number;
  loading: boolean;
  loaded: boolean;
  error: string | null;
  load: () => Promise<void>;
  setFilters: (filters: AuditFilters) => void;
  setPage: (page: number) => void;
  reset: () => void;
}

/** The start of a local calendar day as an instant; `nextDay` gives the start of the day after. */
function dayStart(day: string, nextDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}

/** The server query of a set of filters: empty fields are left out. */
export function auditQueryOf(filters: AuditFilters, page: number): AuditLogQuery {
  const from = dayStart(filters.fromDay);
  const to = dayStart(filters.toDay, true);
  return {
    page,
    limit: AUDIT_LOG_PAGE_SIZE,
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actor.trim() ? { actor: filters.actor.trim() } : {}),
    ...(filters.target.trim() ? { target: filters.target.trim() } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

const initial = {
  filters: NO_AUDIT_FILTERS,
  page: 1,
  entries: [] as AuditEntry[],
  total: 0,
  loading: false,
  loaded: false,
  error: null as string | null,
};

let latest = 0;

export const useAuditLogStore = create<AuditLogState>()((set, get) => ({
  ...initial,

  load: async () => {
    const ticket = ++latest;
    const { filters, page } = get();
    set({ loading: true, error: null });
    try {
      const result = await adminApi.auditLog(auditQueryOf(filters, page));
      if (ticket === latest) set({ entries: result.data, total: result.total, loaded: true });
    } catch (error) {
      if (ticket === latest) {
        set({ error: isApiError(error) ? error.message : 'The audit log could not be loaded.' });
      }
    } finally {
      if (ticket === latest) set({ loading: false });
    }
  },

  setFilters: (filters) => {
    set({ filters, page: 1 });
    void get().load();
  },

  setPage: (page) => {
    set({ page });
    void get().load();
  },

  reset: () => {
    latest += 1;
    set(initial);
  },
}));

// Logout clears what the session saw.
registerSessionCleanup(() => useAuditLogStore.getState().reset());
