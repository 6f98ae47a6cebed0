import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { applyLiveUpdate } from '../../realtime/live-updates.ts';
import { apiError, installFakeServer, json, makeConversation, makeEvent } from '../../test/fake-server.ts';
import { toast } from '../../services/ui/toast.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useEventsStore } from '../../stores/events.ts';
import { useUsersStore } from '../../stores/users.ts';
import EventsPage from '../../pages/main/EventsPage.tsx';
import { Composer } from '../chat/Composer.tsx';
import { EventCard } from './EventCard.tsx';

vi.mock('../../realtime/socket.ts', () => ({ connectSocket: vi.fn() }));

beforeEach(() => {
  useEventsStore.getState().reset();
  useUsersStore.setState({ loaded: true, byId: {} });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const pressed = (name: RegExp) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('EventCard (R-EVENT-2, R-EVENT-3, R-EVENT-6)', () => {
  it('loads the event, answers with aria-pressed toggle buttons, and follows event:updated', async () => {
    const server = installFakeServer({
      'GET /api/events/e1': () => json(200, { event: makeEvent() }),
      'POST /api/events/e1/rsvp': () =>
        json(200, { event: makeEvent({ myRsvp: 'going', counts: { going: 2, maybe: 0, no: 0 } }) }),
    });
    render(
      <MemoryRouter>
        <EventCard eventId="e1" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Rooftop movie night' })).toBeTruthy();
    expect(pressed(/^Going/)).toBe('false');
    const going = screen.getByRole('button', { name: /^Going/ });
    going.focus();
    expect(document.activeElement).toBe(going);
    fireEvent.click(going);
    await waitFor(() => expect(pressed(/^Going/)).toBe('true'));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'going' });
    expect(screen.getByTestId('rsvp-count-going').textContent).toBe('2');

    const { myRsvp: _mine, ...live } = makeEvent({ counts: { going: 3, maybe: 1, no: 0 } });
    act(() => applyLiveUpdate({ name: 'event:updated', payload: { event: live } }));
    expect(screen.getByTestId('rsvp-count-going').textContent).toBe('3');
    expect(screen.getByTestId('rsvp-count-maybe').textContent).toBe('1');
    expect(pressed(/^Going/)).toBe('true');
  });

  it('a refused answer shows the server’s message as a toast and keeps the old answer', async () => {
    installFakeServer({
      'GET /api/events/e1': () => json(200, { event: makeEvent({ myRsvp: 'maybe' }) }),
      'POST /api/events/e1/rsvp': () => apiError(409, 'This event is over and takes no more answers'),
    });
    const error = vi.spyOn(toast, 'error').mockReturnValue('t');
    render(
      <MemoryRouter>
        <EventCard eventId="e1" />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Can’t go/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This event is over and takes no more answers'));
    expect(pressed(/^Maybe/)).toBe('true');
  });
});

describe('EventsPage (R-EVENT-10)', () => {
  const renderPage = (path = '/main_dashboard/events') =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/main_dashboard/events" element={<EventsPage />} />
          <Route path="/main_dashboard/events/:eventId" element={<EventsPage />} />
        </Routes>
      </MemoryRouter>,
    );

  it('shows loading, then the empty state with a way to create one, and the feed address', async () => {
    installFakeServer({
      'GET /api/events': () => json(200, { events: [] }),
      'GET /api/calendar/feed-url': () => json(200, { url: 'http://stoop.test/api/calendar/tok.ics' }),
    });
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading events');
    expect(await screen.findByText('No upcoming events')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New event' }).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Calendar address').value).toBe(
        'http://stoop.test/api/calendar/tok.ics',
      ),
    );
  });

  it('lists upcoming events and opens one with counts, who is going and its .ics link', async () => {
    useUsersStore.setState({ byId: { u1: { id: 'u1', username: 'Alice' } as never } });
    installFakeServer({
      'GET /api/events': () => json(200, { events: [makeEvent()] }),
      'GET /api/events/e1': () => json(200, { event: makeEvent() }),
      'GET /api/calendar/feed-url': () => json(200, { url: 'http://stoop.test/api/calendar/tok.ics' }),
    });
    renderPage('/main_dashboard/events/e1');
    expect(await screen.findByRole('heading', { name: 'Rooftop movie night' })).toBeTruthy();
    expect(screen.getByTestId('event-counts').textContent).toBe('1 going · 0 maybe · 0 can’t go');
    expect(screen.getByRole('list', { name: 'Who is going' }).textContent).toBe('Alice');
    expect(screen.getByRole('link', { name: 'Download .ics' }).getAttribute('href')).toMatch(
      /\/api\/events\/e1\.ics$/,
    );
    expect(await screen.findByRole('list', { name: 'Upcoming events' })).toBeTruthy();
  });

  it('the create dialog checks the form with the shared schema and posts it into the chosen channel', async () => {
    useConversationsStore.setState({ conversations: [makeConversation({ id: 'c1', name: 'lobby' })] });
    const server = installFakeServer({
      'GET /api/events': () => json(200, { events: [] }),
      'GET /api/events/e1': () => json(200, { event: makeEvent() }),
      'GET /api/calendar/feed-url': () => json(200, { url: 'http://stoop.test/api/calendar/tok.ics' }),
      'POST /api/events': () => json(201, { event: makeEvent({ myRsvp: 'going' }) }),
    });
    const error = vi.spyOn(toast, 'error').mockReturnValue('t');
    vi.spyOn(toast, 'success').mockReturnValue('t');
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: 'New event' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Rooftop movie night' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Roof terrace' } });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2030-06-01T20:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2030-06-01T19:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('endsAt must be after startsAt'));
    expect(server.called('POST', '/api/events')).toBe(false);

    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2030-06-01T22:00' } });
    fireEvent.change(screen.getByLabelText('Post in a channel (optional)'), { target: { value: 'c1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(server.called('POST', '/api/events')).toBe(true));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Rooftop movie night',
      location: 'Roof terrace',
      conversationId: 'c1',
      startsAt: new Date('2030-06-01T20:00').toISOString(),
      endsAt: new Date('2030-06-01T22:00').toISOString(),
    });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(await screen.findByRole('heading', { name: 'Rooftop movie night' })).toBeTruthy();
  });
});

describe('the composer’s event button (R-EVENT-2)', () => {
  it('opens the create dialog for the open conversation, without a channel to choose', async () => {
    const server = installFakeServer({
      'POST /api/events': () => json(201, { event: makeEvent({ myRsvp: 'going' }) }),
    });
    render(
      <MemoryRouter>
        <Composer conversationId="c1" conversationType="direct" participantIds={[]} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create an event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    expect(screen.queryByLabelText('Post in a channel (optional)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Dinner' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Flat 4B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Dinner',
      location: 'Flat 4B',
      conversationId: 'c1',
    });
  });
});
