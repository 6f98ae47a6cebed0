import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { makeAnnouncement } from '../../test/news-fixtures.ts';
import { useAnnouncementsStore } from '../../stores/announcements.ts';
import { loadMarkdownFirst } from '../../test/markdown-first.ts';
import AdminAnnouncementsPage from './AdminAnnouncementsPage.tsx';

const ADMIN = { edit: true, delete: true, acknowledge: true };
const existing = makeAnnouncement({ id: 'a1', title: 'Lift repair', abilities: ADMIN });
const page = (data = [existing]) => json(200, { data, total: data.length, page: 1, limit: 20 });

loadMarkdownFirst();
vi.mock('../../realtime/socket.ts', () => ({ connectSocket: vi.fn() }));

beforeEach(() => useAnnouncementsStore.getState().reset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <AdminAnnouncementsPage />
    </MemoryRouter>,
  );

describe('AdminAnnouncementsPage', () => {
  it('writes an announcement with a markdown preview, pinned and urgent, and lists it', async () => {
    const server = installFakeServer({
      'GET /api/announcements': () => page([]),
      'POST /api/announcements': (call) =>
        json(201, { announcement: makeAnnouncement({ id: 'a2', ...(call.body as object), read: true }) }),
      'GET /api/admin/users': () => json(200, { users: [], total: 43 }),
    });
    renderPage();
    await screen.findByText(/No announcements yet/);
    const form = screen.getByRole('form', { name: 'New announcement' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Boiler day' } });
    fireEvent.change(within(form).getByLabelText('Text'), { target: { value: 'Hot water **off**' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(screen.getByTestId('announcement-preview').querySelector('strong')?.textContent).toBe('off'),
    );
    fireEvent.click(within(form).getByLabelText('Pin to the top'));
    fireEvent.click(within(form).getByLabelText(/Urgent/));
    fireEvent.click(within(form).getByRole('button', { name: 'Post announcement' }));
    // R-REACH-3: an urgent one asks first, naming how many it notifies (everyone but the author).
    const confirm = await screen.findByRole('alertdialog', { name: 'Send this urgent announcement?' });
    expect(confirm.textContent).toContain('This notifies all 42 residents now, by push and mail.');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send now' }));
    await screen.findByRole('heading', { name: 'Boiler day' });
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Boiler day',
      body: 'Hot water **off**',
      pinned: true,
      urgent: true,
    });
  });

  it('deletes only after confirmation', async () => {
    const server = installFakeServer({
      'GET /api/announcements': () => page(),
      'DELETE /api/announcements/a1': () => new Response(null, { status: 204 }),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Lift repair' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(server.called('DELETE', '/api/announcements/a1')).toBe(false);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this announcement?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Lift repair' })).toBeNull());
    expect(server.called('DELETE', '/api/announcements/a1')).toBe(true);
  });

  it('R-ACCESS-9 shows edit, pin and delete only where the server says so', async () => {
    installFakeServer({
      'GET /api/announcements': () =>
        page([
          existing,
          makeAnnouncement({
            id: 'a2',
            title: 'Old notice',
            abilities: { ...ADMIN, edit: false, delete: false },
          }),
          makeAnnouncement({ id: 'a3', title: 'Stored without abilities' }),
        ]),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Old notice' });
    const card = (title: string) => screen.getByRole('article', { name: title });
    for (const name of ['Edit', 'Pin', 'Delete'])
      expect(within(card('Lift repair')).getByRole('button', { name })).toBeTruthy();
    for (const title of ['Old notice', 'Stored without abilities'])
      for (const name of ['Edit', 'Pin', 'Delete'])
        expect(within(card(title)).queryByRole('button', { name })).toBeNull();
  });
});
