import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from '@stoop/shared';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../services/ui/toast.ts', () => ({ toast: toastMock }));
const callApiMock = vi.hoisted(() => vi.fn());
vi.mock('../../services/http/client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  callApi: callApiMock,
}));

import { ViewingAsBanner } from './ViewingAsBanner.tsx';
import { useAuthStore } from '../../stores/auth.ts';

const resident = {
  id: 'u-resident',
  username: 'Rosa Lind',
  email: 'rosa@example.com',
  role: 'resident',
  isLocked: false,
} as unknown as User;
const admin = { id: 'u-admin', username: 'Office' };

describe('ViewingAsBanner (R-ADMIN-18)', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    useAuthStore.setState({ user: null, viewer: null });
  });

  it("shows nothing for a session of one's own", () => {
    useAuthStore.setState({ user: resident, viewer: null });
    render(<ViewingAsBanner />);
    expect(screen.queryByTestId('viewing-as-banner')).toBeNull();
  });

  it('the session check that names a viewer shows "Viewing as X — Stop"; Stop switches back to the admin', async () => {
    callApiMock.mockResolvedValue({ user: resident, viewer: admin });
    await act(async () => {
      await useAuthStore.getState().loadCurrentUser();
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(<ViewingAsBanner />);
    expect(screen.getByRole('status').textContent).toContain('Viewing as Rosa Lind');
    callApiMock.mockResolvedValue({ user: admin, actingAs: false });
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(callApiMock).toHaveBeenCalledWith('getSessionUser');
    expect(callApiMock).toHaveBeenLastCalledWith('setUser', { body: { userId: 'u-admin' } });
    vi.unstubAllGlobals();
  });

  it('a failed Stop says so in a toast and keeps the banner', async () => {
    useAuthStore.setState({ user: resident, viewer: admin });
    render(<ViewingAsBanner />);
    callApiMock.mockRejectedValue(new Error('offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Could not stop viewing. Please try again.'),
    );
    expect(screen.getByTestId('viewing-as-banner')).toBeTruthy();
  });

  it('signing out clears the viewer with the user', () => {
    useAuthStore.setState({ user: resident, viewer: admin });
    act(() => useAuthStore.getState().setUser(null));
    expect(useAuthStore.getState().viewer).toBeNull();
  });
});
