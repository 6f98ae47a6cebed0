import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('../services/ui/toast.ts', () => ({ toast: toastMock }));

import { PWA_TEXTS, UpdatePrompt } from './UpdatePrompt.tsx';
import { usePwaStore } from '../stores/pwa.ts';

describe('UpdatePrompt', () => {
  afterEach(() => {
    cleanup();
    usePwaStore.setState({ updateAvailable: false, offlineReady: false });
  });

  it('R-PWA-1: update-available shows a reload prompt whose button applies the update', () => {
    const applyUpdate = vi.fn();
    usePwaStore.setState({ applyUpdate });
    render(<UpdatePrompt />);
    expect(screen.queryByText(PWA_TEXTS.updateAvailable)).toBeNull();
    act(() => usePwaStore.setState({ updateAvailable: true }));
    expect(screen.getByText('A new version of Stoop is available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(applyUpdate).toHaveBeenCalled();
  });

  it('R-PWA-1: offline-ready shows a toast', () => {
    render(<UpdatePrompt />);
    act(() => usePwaStore.setState({ offlineReady: true }));
    expect(toastMock.success).toHaveBeenCalledWith('Stoop is ready to work offline', {
      id: 'pwa-offline-ready',
    });
  });
});
