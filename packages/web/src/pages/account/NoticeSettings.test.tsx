// The settings section and the unsubscribe page run for real against the fake API server.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@stoop/shared';
import { apiError, installFakeServer, json } from '../../test/fake-server.ts';
import UnsubscribePage from '../public/UnsubscribePage.tsx';
import { NoticeSettings } from './NoticeSettings.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (node: React.ReactNode, path = '/') =>
  render(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);

describe('NoticeSettings (R-REACH-5, R-REACH-8)', () => {
  it('loads, says they are the defaults, changes a kind, digest and quiet hours, and saves them whole', async () => {
    let stored: NotificationSettings = DEFAULT_NOTIFICATION_SETTINGS;
    const server = installFakeServer({
      'GET /api/notification-settings': () => json(200, { settings: stored }),
      'PUT /api/notification-settings': (call) => {
        stored = call.body as NotificationSettings;
        return json(200, { settings: stored });
      },
    });
    renderAt(<NoticeSettings />);
    expect(screen.getByRole('status').textContent).toMatch(/Loading your notification settings/);
    expect(await screen.findByText(/these are the settings every resident starts with/)).toBeTruthy();
    const direct = screen.getByLabelText<HTMLSelectElement>('Direct messages');
    expect(direct.value).toBe('both');
    fireEvent.change(direct, { target: { value: 'mail' } });
    fireEvent.change(screen.getByLabelText('Events'), { target: { value: 'none' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Daily digest/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Quiet hours/ }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '23:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() => expect(server.called('PUT', '/api/notification-settings')).toBe(true));
    expect(stored.channels.direct).toBe('mail');
    expect(stored.channels.events).toBe('none');
    expect(stored.channels.urgent).toBe('both');
    expect(stored.dailyDigest).toBe(true);
    expect(stored.quietHours).toEqual({ start: '23:00', end: '07:00' });
    expect(stored.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await waitFor(() =>
      expect(screen.queryByText(/these are the settings every resident starts with/)).toBeNull(),
    );
  });

  it('a failed load shows the error with a retry; a failed save keeps the draft', async () => {
    let fail = true;
    const server = installFakeServer({
      'GET /api/notification-settings': () =>
        fail ? apiError(500, 'Server unavailable') : json(200, { settings: DEFAULT_NOTIFICATION_SETTINGS }),
      'PUT /api/notification-settings': () => apiError(400, 'timeZone: must be an IANA time zone'),
    });
    renderAt(<NoticeSettings />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const mentions = await screen.findByLabelText<HTMLSelectElement>('Mentions and replies');
    fireEvent.change(mentions, { target: { value: 'push' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() => expect(server.called('PUT', '/api/notification-settings')).toBe(true));
    expect(screen.getByLabelText<HTMLSelectElement>('Mentions and replies').value).toBe('push');
    expect(screen.getByRole('button', { name: 'Undo changes' })).toBeTruthy();
  });
});

describe('UnsubscribePage (R-REACH-9)', () => {
  it('asks first, then posts the token once and confirms', async () => {
    const server = installFakeServer({ 'POST /api/unsubscribe': () => json(200, { unsubscribed: true }) });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=user-1.signature');
    expect(screen.getByRole('heading', { name: 'Stop notification mails?' })).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from mails' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeTruthy();
    expect(server.calls.map((c) => c.query.get('token'))).toEqual(['user-1.signature']);
  });

  it('shows the server’s words for a bad link, and says so when the token is missing', async () => {
    installFakeServer({ 'POST /api/unsubscribe': () => apiError(400, 'This unsubscribe link is not valid') });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=forged.token-value');
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from mails' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid');
    cleanup();
    renderAt(<UnsubscribePage />, '/unsubscribe');
    expect(screen.getByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
  });
});
