// The read-receipts switch (R-RECEIPT-7) against the fake API server.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json, makeUser } from '../../test/fake-server.ts';
import { applyLiveUpdate } from '../../realtime/live-updates.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useReadReceiptsStore } from '../../stores/read-receipts.ts';
import { ReadReceiptsSetting } from './ReadReceiptsSetting.tsx';

beforeEach(() => {
  useAuthStore.setState({ user: makeUser({ id: 'me' }) });
  useReadReceiptsStore.setState({ byConversation: { c1: { enabled: true, positions: { u2: 9 } } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null });
  useReadReceiptsStore.getState().reset();
});

describe('ReadReceiptsSetting (R-RECEIPT-7)', () => {
  it('explains the rule both ways, saves at once, and asks again for the receipts it showed', async () => {
    let shares = true;
    const server = installFakeServer({
      'PUT /api/profile': (call) => {
        shares = (call.body as FormData).get('shareReadReceipts') === 'true';
        return json(200, { user: makeUser({ id: 'me', shareReadReceipts: shares }) });
      },
      'GET /api/conversations/c1/reads': () => json(200, { enabled: shares, reads: [] }),
    });
    render(<ReadReceiptsSetting />);
    const toggle = screen.getByRole('switch', { name: 'Read receipts' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(/others don.t see when you have read their messages, and you don.t see/),
    ).toBeTruthy();

    fireEvent.click(toggle);
    await waitFor(() => expect(useAuthStore.getState().user?.shareReadReceipts).toBe(false));
    expect(server.called('PUT', '/api/profile')).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('switch').checked).toBe(false);
    // The receipts shown so far were answered under the old setting: asked for again, now off.
    await waitFor(() => expect(useReadReceiptsStore.getState().byConversation.c1?.enabled).toBe(false));
    expect(useReadReceiptsStore.getState().byConversation.c1?.positions).toEqual({});
  });

  it('R-RECEIPT-8: follows a change made on another device', async () => {
    installFakeServer({
      'GET /api/conversations/c1/reads': () =>
        json(200, { enabled: true, reads: [{ userId: 'u2', lastReadSeq: 9 }] }),
    });
    render(<ReadReceiptsSetting />);
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: 'Read receipts' });
    expect(toggle.checked).toBe(true);
    act(() => applyLiveUpdate({ name: 'read-receipts:changed', payload: { shareReadReceipts: false } }));
    expect(toggle.checked).toBe(false);
    expect(useReadReceiptsStore.getState().byConversation.c1).toEqual({ enabled: false, positions: {} });
    act(() => applyLiveUpdate({ name: 'read-receipts:changed', payload: { shareReadReceipts: true } }));
    expect(toggle.checked).toBe(true);
    await waitFor(() =>
      expect(useReadReceiptsStore.getState().byConversation.c1).toEqual({
        enabled: true,
        positions: { u2: 9 },
      }),
    );
  });
});
