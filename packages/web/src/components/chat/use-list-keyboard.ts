/**
 * R-MSG-24: the message list is one tab stop, as in Slack. The controls inside messages (like,
 * react, reply, edit, links…) are out of the tab order except in the message that has focus, so
 * Tab goes from the list to the composer instead of through every message's buttons. Inside the
 * list, Up and Down move between messages, Home and End go to the first and last; Tab from a
 * message reaches its own controls, and Escape goes back from a control to its message.
 */
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
const ROW = 'article[data-message-id]';
/** Marks a control whose tab stop the list took away (and gives back in the focused message). */
const TAKEN = 'data-list-tabstop';

function takeTabStops(root: ParentNode, except: Element | null): void {
  for (const control of root.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (control.matches(ROW) || (except && except.contains(control))) continue;
    control.setAttribute(TAKEN, '');
    control.tabIndex = -1;
  }
}

function giveTabStops(row: Element): void {
  for (const control of row.querySelectorAll<HTMLElement>(`[${TAKEN}]`)) {
    control.removeAttribute(TAKEN);
    control.removeAttribute('tabindex');
  }
}

const rowsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>(ROW)];

/** The bottom-most message whose top is on screen: where Up and Down start from the list itself. */
function lastVisibleRow(container: HTMLElement): HTMLElement | undefined {
  const bottom = container.getBoundingClientRect().bottom;
  return rowsOf(container)
    .filter((row) => row.getBoundingClientRect().top < bottom)
    .at(-1);
}

export function useListKeyboard(containerRef: RefObject<HTMLElement | null>) {
  const active = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    takeTabStops(container, active.current);
    // Rows, toolbars and cards that render later come without their tab stops too.
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement) {
            takeTabStops(node.parentElement ?? node, active.current);
          }
    });
    observer.observe(container, { childList: true, subtree: true });

    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>(ROW);
      if (row === active.current) return;
      if (active.current) takeTabStops(active.current, null);
      active.current = row;
      if (row) giveTabStops(row);
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && container.contains(next)) return;
      if (active.current) takeTabStops(active.current, null);
      active.current = null;
    };
    container.addEventListener('focusin', onFocusIn);
    container.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
    };
  }, [containerRef]);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const container = containerRef.current;
      const target = event.target as HTMLElement;
      if (!container || event.altKey || event.ctrlKey || event.metaKey) return;
      const onRow = target.matches(ROW);
      if (event.key === 'Escape' && !onRow && target !== container) {
        // From a control back to its message (after a menu of it closed on the same key).
        const row = target.closest<HTMLElement>(ROW);
        if (row && !event.defaultPrevented) {
          row.focus({ preventScroll: true });
          event.preventDefault();
        }
        return;
      }
      if (!onRow && target !== container) return;
      const rows = rowsOf(container);
      if (rows.length === 0) return;
      const at = onRow ? rows.indexOf(target) : -1;
      let next: HTMLElement | undefined;
      if (event.key === 'ArrowUp') next = at >= 0 ? rows[Math.max(0, at - 1)] : lastVisibleRow(container);
      else if (event.key === 'ArrowDown')
        next = at >= 0 ? rows[Math.min(rows.length - 1, at + 1)] : lastVisibleRow(container);
      else if (event.key === 'Home' && onRow) next = rows[0];
      else if (event.key === 'End' && onRow) next = rows.at(-1);
      if (!next) return;
      event.preventDefault();
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: 'nearest' });
    },
    [containerRef],
  );
}
