import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_BAND_PX, toastClearance, updateToastClearance } from './toast-clearance.ts';

const box = (top: number, bottom: number) => ({ top, bottom, height: bottom - top });

describe('toast clearance (R-PWA-10)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is 0 when nothing reaches into the band where toasts appear', () => {
    expect(toastClearance(740, [])).toBe(0);
    expect(toastClearance(740, [box(300, 740 - TOAST_BAND_PX)])).toBe(0);
    // Hidden (no height) and below the screen do not count.
    expect(toastClearance(740, [box(700, 700), box(760, 800)])).toBe(0);
  });

  it('lifts the toasts above the composer and above the highest dialog button in the band', () => {
    expect(toastClearance(740, [box(652, 720)])).toBe(740 - 652 + 8);
    expect(toastClearance(740, [box(652, 720), box(600, 640)])).toBe(740 - 600 + 8);
  });

  it('clears what sits right above a cleared obstacle too (the newest message over a tall composer), within the screen', () => {
    // The composer reaches into the band; the message above it only into the band moved up with it.
    expect(toastClearance(740, [box(560, 740), box(470, 550)])).toBe(740 - 470 + 8);
    // A message out of reach of both bands stays as it was.
    expect(toastClearance(740, [box(652, 740), box(100, 400)])).toBe(740 - 652 + 8);
    // Taller than the screen leaves room for the toasts at the top.
    expect(toastClearance(740, [box(-200, 740)])).toBe(740 - 120);
  });

  it('writes --toast-clearance from the composer and open dialogs in the page', () => {
    document.body.innerHTML = '<div data-toast-avoid></div><div role="dialog"><button>Delete</button></div>';
    // jsdom lays nothing out: every box is empty, so nothing needs clearing.
    expect(updateToastClearance(document)).toBe(0);
    expect(document.documentElement.style.getPropertyValue('--toast-clearance')).toBe('0px');
  });
});
