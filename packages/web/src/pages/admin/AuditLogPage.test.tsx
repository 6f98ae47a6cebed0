import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { AuditEntry } from '@stoop/shared';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { auditQueryOf, NO_AUDIT_FILTERS, useAuditLogStore } from '../../stores/audit-log.ts';
import AuditLogPage from './AuditLogPage.tsx';

const entry: AuditEntry = {
  id: 'e1',
  actorId: 'a1',
  actorName: 'Ada',
  action: 'reject',
  targetUserId: null,
  targetName: null,
  details: { username: 'Mallory', message: 'Not a resident.' },
  createdAt: '2026-03-03T10:00:00.000Z',
};

beforeEach(() => useAuditLogStore.getState().reset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AuditLogPage (R-ADMIN-17)', () => {
  it('shows each entry as a sentence, and filters by action, names and days', async () => {
    const server = installFakeServer({
      'GET /api/audit-log': () => json(200, { data: [entry], total: 1, page: 1 }),
    });
    render(
      <MemoryRouter>
        <AuditLogPage />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Ada rejected the sign-up of Mallory')).toBeTruthy();
    expect(within(list).getByText('“Not a resident.”')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    fireEvent.change(within(form).getByLabelText('Action'), { target: { value: 'reject' } });
    fireEvent.change(within(form).getByLabelText('By (admin)'), { target: { value: 'ada' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-03-03' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    const query = new URL(server.fetchMock.mock.calls[1]![0] as string, 'http://x').searchParams;
    expect(query.get('action')).toBe('reject');
    expect(query.get('actor')).toBe('ada');
    expect(query.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    // The To day is included: the filter ends where the next day starts.
    expect(query.get('to')).toBe(new Date(2026, 2, 4).toISOString());
    expect(query.get('target')).toBeNull();
  });

  it('auditQueryOf leaves empty filters out', () => {
    expect(auditQueryOf(NO_AUDIT_FILTERS, 2)).toEqual({ page: 2, limit: 25 });
  });
});
