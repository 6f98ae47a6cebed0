/**
 * Scroll rule of R-GUARD-9 as a pure decision: a hash smooth-scrolls to its target, otherwise the
 * position saved for that history entry is restored, otherwise the page goes to the top.
 */
export type ScrollDecision =
  { type: 'hash'; targetId: string } | { type: 'restore'; top: number } | { type: 'top' };

export function decideScroll(hash: string, savedTop: number | undefined): ScrollDecision {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw) {
    let targetId = raw;
    try {
      targetId = decodeURIComponent(raw);
    } catch {
      // A malformed escape: look the id up as written.
    }
    return { type: 'hash', targetId };
  }
  if (savedTop !== undefined) return { type: 'restore', top: savedTop };
  return { type: 'top' };
}

/** Applies a decision to the window; a missing hash target falls back to the top. */
export function applyScroll(decision: ScrollDecision, win: Window = window): void {
  switch (decision.type) {
    case 'hash': {
      const target = win.document.getElementById(decision.targetId);
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else win.scrollTo({ top: 0, left: 0 });
      return;
    }
    case 'restore':
      win.scrollTo({ top: decision.top, left: 0 });
      return;
    case 'top':
      win.scrollTo({ top: 0, left: 0 });
      return;
  }
}
