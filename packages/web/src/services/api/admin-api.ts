/**
 * The admin's account calls through the typed
 * route table client. Types only from @stoop/shared, so no zod reaches the first load.
 */
import type { AdminUsersPage, AuditLogQuery, BulkApproveResult, Role, User, UserStatus } from '@stoop/shared';
import { callApi } from '../http/client.ts';

export interface AccountsQuery {
  status?: UserStatus;
  role?: Role;
  q?: string;
  sort?: 'name' | 'signup';
  limit: number;
  offset: number;
}

export const adminApi = {
  accounts(query: AccountsQuery): Promise<AdminUsersPage> {
    return callApi('adminListUsers', { query });
  },
  async approve(id: string): Promise<User> {
    return (await callApi('approveUser', { params: { id } })).user;
  },
  approveMany(ids: string[]): Promise<BulkApproveResult> {
    return callApi('bulkApproveUsers', { body: { ids } });
  },
  async reject(id: string, message: string): Promise<void> {
    await callApi('rejectUser', { params: { id }, body: message.trim() ? { message: message.trim() } : {} });
  },
  async lock(id: string): Promise<User> {
    return (await callApi('lockUser', { params: { id }, body: { reason: 'admin_lock' } })).user;
  },
  async unlock(id: string): Promise<User> {
    return (await callApi('unlockUser', { params: { id } })).user;
  },
  async setRole(id: string, role: Role): Promise<User> {
    return (await callApi('setUserRole', { params: { id }, body: { role } })).user;
  },
  auditLog(query: AuditLogQuery) {
    return callApi('getAuditLog', { query });
  },
};
