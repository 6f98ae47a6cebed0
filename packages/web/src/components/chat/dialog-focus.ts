import { useRef, type RefObject } from 'react';

/**
 * Focus handling for the chat dialogs. Radix returns focus to a Dialog.Trigger, but these dialogs
 * open from plain buttons (the sidebar and the chat intro), so Radix would leave focus on the page
 * body: a keyboard user who pressed Escape had to tab from the top again. The dialog remembers its
 * opener and returns there, unless it navigated away (then the new screen takes over).
 */
export function useDialogFocus(firstField?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const navigated = useRef(false);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Focus has not moved yet: this is who opened the dialog.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      navigated.current = false;
      if (firstField?.current) {
        // Start where typing starts rather than on the close button.
        event.preventDefault();
        firstField.current.focus();
      }
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      if (!navigated.current && opener.current?.isConnected) opener.current.focus();
    },
    /** Call before closing to open another screen: focus stays with that screen. */
    leaving: () => {
      navigated.current = true;
    },
  };
}
