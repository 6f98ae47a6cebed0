import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { apiError, installFakeServer, json } from '../../test/fake-server.ts';
import { adminModeration, makeStats } from '../../test/stats-fixtures.ts';
import { useAuthStore } from '../../stores/auth.ts';
import StatisticsPage from './StatisticsPage.tsx';

/** jsdom has no ResizeObserver; the chart's container only needs one that never reports. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  useAuthStore.setState({ user: { id: 'me', role: 'resident', isLocked: false } as User });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StatisticsPage (R-STATS-8)', () => {
  it('shows the residents, charts with tables, channels and announcement reach to a resident', async () => {
    const server = installFakeServer({ 'GET /api/stats': () => json(200, makeStats()) });
    render(<StatisticsPage />);
    expect(screen.getByRole('status').textContent).toContain('Loading statistics');
    const residents = await screen.findByText('Awaiting approval');
    expect(residents.parentElement?.textContent).toContain('1');
    expect(screen.getByText('Active, 30 days').parentElement?.textContent).toContain('4');
    expect(screen.getByText('40%')).toBeTruthy();
    expect(screen.getByText('2 of 5 possible reads')).toBeTruthy();
    expect(screen.getByRole('img', { name: /messages per day over the last 30 days/ })).toBeTruthy();
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#general30 messages', '#garden12 messages']);
    // Residents get no moderation figures.
    expect(screen.queryByRole('heading', { name: 'Moderation' })).toBeNull();
    // The query carries the viewer's offset for the hour buckets.
    expect(server.fetchMock.mock.calls[0]?.[0]).toMatch(/\/api\/stats\?utcOffsetMinutes=-?\d+$/);

    const perDay = screen.getByRole('region', { name: 'Messages per day' });
    const toggle = within(perDay).getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(perDay).getByRole('table', { name: 'Messages per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: 'Nov 29' }).nextElementSibling?.textContent).toBe(
      '6',
    );
  });

  it('adds the moderation figures for an admin', async () => {
    useAuthStore.setState({ user: { id: 'me', role: 'admin', isLocked: false } as User });
    installFakeServer({ 'GET /api/stats': () => json(200, makeStats({ moderation: adminModeration })) });
    render(<StatisticsPage />);
    const section = await screen.findByRole('region', { name: 'Moderation' });
    expect(within(section).getByText('Open flags').parentElement?.textContent).toContain('3');
    expect(within(section).getByText('2 days')).toBeTruthy();
    expect(within(section).getByText('Over 4 approvals, last 30 days')).toBeTruthy();
  });

  it('shows empty charts as a sentence, not as flat bars', async () => {
    const empty = makeStats();
    installFakeServer({
      'GET /api/stats': () =>
        json(
          200,
          makeStats({
            messagesPerDay: empty.messagesPerDay.map((p) => ({ ...p, messages: 0 })),
            busiestHours: empty.busiestHours.map((h) => ({ ...h, messages: 0 })),
            busiestChannels: [],
          }),
        ),
    });
    render(<StatisticsPage />);
    expect(await screen.findAllByText('No messages in the last 30 days yet.')).toHaveLength(2);
    expect(screen.getByText('No channel messages in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show table' })).toBeNull();
  });

  it('says when loading failed and tries again', async () => {
    let fail = true;
    installFakeServer({
      'GET /api/stats': () => (fail ? apiError(500, 'Server down') : json(200, makeStats())),
    });
    render(<StatisticsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TEXTS.statsLoadFailed);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Awaiting approval')).toBeTruthy();
  });
});
