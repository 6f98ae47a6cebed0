import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { APPROVAL_POLL_INTERVAL_MS } from '@stoop/shared/constants';
import { apiError, installFakeServer, json, makeUser } from '../../test/fake-server.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useApprovalWatch } from './useApprovalWatch.ts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../services/ui/toast.ts', () => ({ toast: toastMock }));

const pending = makeUser({ id: 'p1', isLocked: true, reasonForLock: 'pending_approval' });

function Waiting() {
  useApprovalWatch();
  return <p>waiting</p>;
}

const renderAt = () =>
  render(
    <MemoryRouter initialEntries={['/awaiting-approval']}>
      <Routes>
        <Route path="/awaiting-approval" element={<Waiting />} />
        <Route path="/" element={<p>home</p>} />
        <Route path="/login" element={<p>login</p>} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useAuthStore.setState({ user: pending, status: 'ready' });
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('R-LOCK-7 the awaiting-approval page moves on by itself', () => {
  it('asks every APPROVAL_POLL_INTERVAL_MS and leaves once approved, with a toast', async () => {
    let user = pending;
    const server = installFakeServer({ 'GET /api/protected/user': () => json(200, { user }) });
    const view = renderAt();
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_POLL_INTERVAL_MS));
    expect(server.calls).toHaveLength(1);
    expect(view.getByText('waiting')).toBeTruthy();
    user = { ...pending, isLocked: false, reasonForLock: null };
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_POLL_INTERVAL_MS));
    await waitFor(() => expect(view.getByText('home')).toBeTruthy());
    expect(toastMock.success).toHaveBeenCalledWith('Your account was approved. Welcome to Stoop!');
  });

  it('goes to the login once the account is gone (a rejected sign-up)', async () => {
    installFakeServer({ 'GET /api/protected/user': () => apiError(401, 'You need to sign in first') });
    const view = renderAt();
    await act(() => vi.advanceTimersByTimeAsync(APPROVAL_POLL_INTERVAL_MS));
    await waitFor(() => expect(view.getByText('login')).toBeTruthy());
  });
});
