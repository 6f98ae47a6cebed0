/** Event calls (R-EVENT-1..8) through the typed route table client; types only from @stoop/shared. */
import type { CreateEventBody, EventView, RsvpStatus, UpdateEventBody } from '@stoop/shared';
import { callApi, getApiBaseUrl } from '../http/client.ts';

export async function createEvent(body: CreateEventBody): Promise<EventView> {
  return (await callApi('createEvent', { body })).event;
}

export async function fetchEvents(range: { from?: string; to?: string } = {}): Promise<EventView[]> {
  return (await callApi('listEvents', { query: range })).events;
}

export async function fetchEvent(id: string): Promise<EventView> {
  return (await callApi('getEvent', { params: { id } })).event;
}

export async function rsvpEvent(id: string, status: RsvpStatus): Promise<EventView> {
  return (await callApi('rsvpEvent', { params: { id }, body: { status } })).event;
}

export async function updateEvent(id: string, body: UpdateEventBody): Promise<EventView> {
  return (await callApi('updateEvent', { params: { id }, body })).event;
}

export async function cancelEvent(id: string): Promise<EventView> {
  return (await callApi('cancelEvent', { params: { id } })).event;
}

export async function fetchCalendarFeedUrl(): Promise<string> {
  return (await callApi('getCalendarFeedUrl', {})).url;
}

export async function rotateCalendarFeedUrl(): Promise<string> {
  return (await callApi('rotateCalendarFeedUrl', {})).url;
}

/** The event's .ics file (a plain link: the session cookie goes with it). */
export const eventIcsUrl = (id: string) => `${getApiBaseUrl()}/api/events/${encodeURIComponent(id)}.ics`;
