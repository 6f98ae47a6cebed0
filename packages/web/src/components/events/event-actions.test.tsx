import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { EventView } from '@stoop/shared';
import { applyLiveUpdate } from '../../realtime/live-updates.ts';
import { apiError, installFakeServer, json, makeUser, makeEvent } from '../../test/fake-server.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useEventsStore } from '../../stores/events.ts';
import { useUsersStore } from '../../stores/users.ts';
import EventsPage from '../../pages/main/EventsPage.tsx';
import { EventCard } from './EventCard.tsx';

vi.mock('../../realtime/socket.ts', () => ({ connectSocket: vi.fn() }));

/** Its creator's view (going, may change it: R-ACCESS-9), at fixed times the edit form's fields show. */
const event = (patch: Partial<EventView> = {}): EventView =>
  makeEvent({
    startsAt: new Date('2030-06-01T20:00').toISOString(),
    endsAt: new Date('2030-06-01T22:00').toISOString(),
    myRsvp: 'going',
    abilities: MAY_CHANGE,
    ...patch,
  });
const CANCELLED_AT = '2026-11-24T06:00:00.000Z';
// What the server answers a reader may do (R-ACCESS-9): the page holds no rule of its own.
const MAY_CHANGE = { edit: true, cancel: true };
const NOTHING = { edit: false, cancel: false };

beforeEach(() => {
  useEventsStore.getState().reset();
  useUsersStore.setState({ loaded: true, byId: {} });
  useAuthStore.setState({ user: makeUser({ id: 'u1', role: 'resident' }) });
  vi.spyOn(toast, 'success').mockReturnValue('t');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const baseRoutes = (current: () => EventView) => ({
  'GET /api/events': () => json(200, { events: [current()] }),
  'GET /api/events/e1': () => json(200, { event: current() }),
  'GET /api/calendar/feed-url': () => json(200, { url: 'http://stoop.test/api/calendar/tok.ics' }),
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/main_dashboard/events/e1']}>
      <Routes>
        <Route path="/main_dashboard/events/:eventId" element={<EventsPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('edit and cancel on the event page (R-EVENT-11, R-EVENT-13)', () => {
  it('the creator edits through the create dialog’s form, filled in; PATCH sends the fields', async () => {
    let current = event();
    const server = installFakeServer({
      ...baseRoutes(() => current),
      'PATCH /api/events/e1': (call) => {
        current = { ...current, ...(call.body as Partial<EventView>) };
        return json(200, { event: current });
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Rooftop movie night');
    expect(screen.getByLabelText<HTMLInputElement>('Starts').value).toBe('2030-06-01T20:00');
    expect(screen.queryByLabelText('Post in a channel (optional)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Rooftop film night' } });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2030-06-01T21:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2030-06-01T23:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.called('PATCH', '/api/events/e1')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      title: 'Rooftop film night',
      startsAt: new Date('2030-06-01T21:00').toISOString(),
      endsAt: new Date('2030-06-01T23:00').toISOString(),
      location: 'Roof terrace',
      description: 'Bring a blanket.',
    });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(await screen.findByRole('heading', { name: 'Rooftop film night' })).toBeTruthy();
  });

  it('the edit form refuses an end before the start with the shared schema’s message, sending nothing', async () => {
    const server = installFakeServer(baseRoutes(() => event()));
    const error = vi.spyOn(toast, 'error').mockReturnValue('t');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Edit event' });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2030-06-01T19:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('endsAt must be after startsAt'));
    expect(server.called('PATCH', '/api/events/e1')).toBe(false);
  });

  it('Cancel event asks first; "Keep it" sends nothing, confirming cancels and the page says Cancelled', async () => {
    let current = event();
    const server = installFakeServer({
      ...baseRoutes(() => current),
      'DELETE /api/events/e1': () => {
        current = { ...current, cancelledAt: CANCELLED_AT, abilities: NOTHING };
        return json(200, { event: current });
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel event' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(server.called('DELETE', '/api/events/e1')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    expect(screen.getByRole('group', { name: /Cancel this event\?/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel event' }));
    await waitFor(() => expect(server.called('DELETE', '/api/events/e1')).toBe(true));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Your answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    // It left the upcoming list.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Upcoming events' })).toBeNull());
  });

  it('an admin has the actions on someone else’s event; another resident has none', async () => {
    installFakeServer(baseRoutes(() => event({ createdBy: 'someone-else' })));
    useAuthStore.setState({ user: makeUser({ id: 'u2', role: 'admin' }) });
    const { unmount } = renderPage();
    expect(await screen.findByRole('button', { name: 'Cancel event' })).toBeTruthy();
    unmount();
    useEventsStore.getState().reset();
    installFakeServer(baseRoutes(() => event({ createdBy: 'someone-else', abilities: NOTHING })));
    useAuthStore.setState({ user: makeUser({ id: 'u3', role: 'resident' }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Rooftop movie night' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel event' })).toBeNull();
  });

  it('a refused cancel shows the server’s message and keeps the event', async () => {
    installFakeServer({
      ...baseRoutes(() => event()),
      'DELETE /api/events/e1': () => apiError(409, 'This event is cancelled'),
    });
    const error = vi.spyOn(toast, 'error').mockReturnValue('t');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel event' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel event' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This event is cancelled'));
    expect(screen.queryByText('Cancelled')).toBeNull();
  });
});

describe('live changes on the card (R-EVENT-12)', () => {
  it('event:updated moves the card’s title and time, and a cancellation shows Cancelled without buttons', async () => {
    installFakeServer({ 'GET /api/events/e1': () => json(200, { event: event({ myRsvp: null }) }) });
    render(
      <MemoryRouter>
        <EventCard eventId="e1" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Rooftop movie night' })).toBeTruthy();
    const { myRsvp: _mine, ...live } = event({ title: 'Rooftop film night' });
    act(() => applyLiveUpdate({ name: 'event:updated', payload: { event: live } }));
    expect(screen.getByRole('link', { name: 'Rooftop film night' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Your answer' })).toBeTruthy();
    act(() =>
      applyLiveUpdate({
        name: 'event:updated',
        payload: { event: { ...live, cancelledAt: CANCELLED_AT, abilities: NOTHING } },
      }),
    );
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Your answer' })).toBeNull();
  });
});
