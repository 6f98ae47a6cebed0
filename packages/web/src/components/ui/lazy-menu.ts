/**
 * For a menu or dialog whose library (Radix) is not part of the first load: the trigger is a plain
 * button until the first press, which loads the chunk and then renders the real component opened.
 * Pointing at or focusing the trigger starts the load early, so the menu usually opens at once.
 */
import { useState } from 'react';

export interface LazyTrigger {
  /** True from the first press on: render the lazily loaded component (opened) from then on. */
  armed: boolean;
  /** Props for the plain trigger button shown before that. */
  triggerProps: {
    onClick: () => void;
    onPointerEnter: () => void;
    onFocus: () => void;
  };
}

export function useLazyTrigger(load: () => Promise<unknown>): LazyTrigger {
  const [armed, setArmed] = useState(false);
  const preload = () => void load().catch(() => undefined);
  return {
    armed,
    triggerProps: { onClick: () => setArmed(true), onPointerEnter: preload, onFocus: preload },
  };
}
