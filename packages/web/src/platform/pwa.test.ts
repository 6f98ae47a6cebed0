import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_UPDATE_INTERVAL_MS } from '@stoop/shared';
import {
  registerServiceWorker,
  resetServiceWorkerRegistration,
  SERVICE_WORKER_URL,
  type WorkboxLike,
} from './pwa.ts';
import { isCachedApiPath, notificationTarget } from '../services/pwa/sw-rules.ts';
import { usePwaStore } from '../stores/pwa.ts';

type Handler = (event: { isUpdate?: boolean }) => void;
function fakeWorkbox() {
  const handlers = new Map<string, Handler[]>();
  const wb = {
    addEventListener: (type: string, h: Handler) => handlers.set(type, [...(handlers.get(type) ?? []), h]),
    register: vi.fn(() => Promise.resolve(undefined)),
    update: vi.fn(() => Promise.resolve()),
    messageSkipWaiting: vi.fn(),
    emit: (type: string, event: { isUpdate?: boolean } = {}) => handlers.get(type)?.forEach((h) => h(event)),
  };
  return wb;
}

describe('PWA registration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    usePwaStore.setState({ updateAvailable: false, offlineReady: false });
  });
  afterEach(() => {
    resetServiceWorkerRegistration();
    vi.useRealTimers();
  });

  it('R-PWA-3: the service worker is served at /sw.js', async () => {
    const create = vi.fn((_url: string) => fakeWorkbox() as WorkboxLike);
    await registerServiceWorker({ createWorkbox: create });
    expect(create).toHaveBeenCalledWith(SERVICE_WORKER_URL);
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('R-PWA-1: offline-ready flag after the first install, update-available when a new worker waits', async () => {
    const wb = fakeWorkbox();
    await registerServiceWorker({ createWorkbox: () => wb });
    wb.emit('installed', { isUpdate: false });
    expect(usePwaStore.getState().offlineReady).toBe(true);
    expect(usePwaStore.getState().updateAvailable).toBe(false);
    wb.emit('installed', { isUpdate: true });
    wb.emit('waiting');
    expect(usePwaStore.getState().updateAvailable).toBe(true);
  });

  it('R-PWA-1: reload activates the waiting worker and reloads once it controls the page', async () => {
    const wb = fakeWorkbox();
    const reload = vi.fn();
    await registerServiceWorker({ createWorkbox: () => wb, reload });
    wb.emit('controlling'); // not requested: no reload
    expect(reload).not.toHaveBeenCalled();
    usePwaStore.getState().applyUpdate();
    expect(wb.messageSkipWaiting).toHaveBeenCalled();
    wb.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('R-PWA-2: the service worker is checked for updates every 3600 s', async () => {
    const wb = fakeWorkbox();
    await registerServiceWorker({ createWorkbox: () => wb });
    vi.advanceTimersByTime(SERVICE_WORKER_UPDATE_INTERVAL_MS - 1);
    expect(wb.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(wb.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SERVICE_WORKER_UPDATE_INTERVAL_MS);
    expect(wb.update).toHaveBeenCalledTimes(2);
    expect(SERVICE_WORKER_UPDATE_INTERVAL_MS).toBe(3600 * 1000);
  });
});

describe('service worker rules', () => {
  it('pwa: conversations, their messages, the directory, polls and events are cached NetworkFirst, nothing else', () => {
    expect(isCachedApiPath('/api/conversations')).toBe(true);
    expect(isCachedApiPath('/api/conversations/abc/messages')).toBe(true);
    // R-CACHE-11
    expect(isCachedApiPath('/api/users')).toBe(true);
    expect(isCachedApiPath('/api/polls/abc')).toBe(true);
    expect(isCachedApiPath('/api/events/abc')).toBe(true);
    expect(isCachedApiPath('/api/polls/abc/vote')).toBe(false);
    expect(isCachedApiPath('/api/events')).toBe(false);
    expect(isCachedApiPath('/api/conversations/abc/details')).toBe(false);
    expect(isCachedApiPath('/api/protected/user')).toBe(false);
  });

  it('R-PUSH-2: a notification tap navigates to the link in its data, same origin only', () => {
    const origin = 'https://stoop.example';
    expect(notificationTarget({ url: '/main_dashboard/chat-intro' }, origin)).toBe(
      `${origin}/main_dashboard/chat-intro`,
    );
    expect(notificationTarget({ url: `${origin}/a?b=1` }, origin)).toBe(`${origin}/a?b=1`);
    expect(notificationTarget({ url: 'https://evil.example/x' }, origin)).toBe(`${origin}/`);
    expect(notificationTarget(null, origin)).toBe(`${origin}/`);
  });
});
