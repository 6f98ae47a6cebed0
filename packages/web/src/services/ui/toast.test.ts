import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_DURATION_MS,
  TOAST_ENTER_MS,
  TOAST_INFO_DURATION_MS,
  TOAST_LEAVE_MS,
  TOAST_POSITION,
} from '@stoop/shared';

const sonnerMock = vi.hoisted(() => ({
  error: vi.fn(() => 1),
  success: vi.fn(() => 2),
  info: vi.fn(() => 3),
  dismiss: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: sonnerMock }));

import { loadToasts, sonnerDuration, toast, TOAST_DEFAULTS, toastOutlet } from './toast.ts';

describe('toast service', () => {
  it('R-DELIVERY-7: toasts sent before sonner loads wait for the outlet, then show in order', async () => {
    vi.clearAllMocks();
    let loaded: unknown = null;
    const detach = toastOutlet.attach((module) => (loaded = module));
    toast.error('First');
    toast.info('Second');
    expect(sonnerMock.error).not.toHaveBeenCalled();
    await loadToasts();
    expect(loaded).not.toBeNull();
    // Loaded, but the outlet's Toaster does not listen yet.
    expect(sonnerMock.error).not.toHaveBeenCalled();
    toastOutlet.ready();
    expect(sonnerMock.error).toHaveBeenCalledWith('First', expect.objectContaining({ closeButton: true }));
    expect(sonnerMock.info).toHaveBeenCalledWith('Second', expect.objectContaining({ closeButton: true }));
    expect(sonnerMock.error.mock.invocationCallOrder[0]).toBeLessThan(
      sonnerMock.info.mock.invocationCallOrder[0]!,
    );
    detach();
  });
});

describe('toast service (sonner loaded)', () => {
  beforeAll(async () => {
    await loadToasts();
  });
  beforeEach(() => vi.clearAllMocks());

  it('R-PWA-7: bottom position', () => {
    expect(TOAST_DEFAULTS.position).toBe(TOAST_POSITION);
    expect(TOAST_DEFAULTS.position.startsWith('bottom')).toBe(true);
  });

  it('R-PWA-7: duration 0 means no auto-close and every toast has a close button', () => {
    expect(TOAST_DURATION_MS).toBe(0);
    expect(sonnerDuration(0)).toBe(Number.POSITIVE_INFINITY);
    expect(sonnerDuration(1500)).toBe(1500);
    toast.error('Boom');
    expect(sonnerMock.error).toHaveBeenCalledWith(
      'Boom',
      expect.objectContaining({ duration: Number.POSITIVE_INFINITY, closeButton: true }),
    );
    toast.dismiss();
  });

  it('R-PWA-8: information and success close by themselves, errors do not', () => {
    expect(TOAST_INFO_DURATION_MS).toBeGreaterThan(0);
    toast.info('Ready');
    toast.success('Saved it');
    for (const mock of [sonnerMock.info, sonnerMock.success])
      expect(mock).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ duration: TOAST_INFO_DURATION_MS, closeButton: true }),
      );
    toast.dismiss();
  });

  it('R-PWA-9: the same toast shown while open counts up in one toast; closed, it starts again', () => {
    const first = toast.error('Sending too fast');
    const second = toast.error('Sending too fast');
    const third = toast.error('Sending too fast');
    expect(new Set([first, second, third]).size).toBe(1);
    expect(sonnerMock.error.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'Sending too fast',
      'Sending too fast \u00d72',
      'Sending too fast \u00d73',
    ]);
    // Another text is another toast.
    expect(toast.error('Offline')).not.toBe(first);
    // Once closed (sonner calls onDismiss), the next one is new.
    const lastOptions = sonnerMock.error.mock.calls.at(-2)?.at(1) as { onDismiss: () => void } | undefined;
    lastOptions?.onDismiss();
    const fourth = toast.error('Sending too fast');
    expect(fourth).not.toBe(first);
    expect(sonnerMock.error.mock.calls.at(-1)?.at(0)).toBe('Sending too fast');
    toast.dismiss();
  });

  it('R-PWA-7: enter animation 400 ms, leave 300 ms', () => {
    expect(TOAST_DEFAULTS.enterMs).toBe(TOAST_ENTER_MS);
    expect(TOAST_DEFAULTS.leaveMs).toBe(TOAST_LEAVE_MS);
    expect([TOAST_ENTER_MS, TOAST_LEAVE_MS]).toEqual([400, 300]);
  });

  it('R-ERR-10: error, success and info share the defaults and pass id/description', () => {
    toast.success('Saved', { id: 'save' });
    toast.info('Hi', { description: 'more' });
    expect(sonnerMock.success).toHaveBeenCalledWith(
      'Saved',
      expect.objectContaining({ id: 'save', closeButton: true }),
    );
    expect(sonnerMock.info).toHaveBeenCalledWith('Hi', expect.objectContaining({ description: 'more' }));
    toast.dismiss('save');
    expect(sonnerMock.dismiss).toHaveBeenCalledWith('save');
  });
});
