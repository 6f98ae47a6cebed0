import { useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { Conversation } from '@stoop/shared';
import { conversationPath } from './chat-hooks.ts';

/**
 * Focus handling for the chat dialogs. Radix returns focus to a Dialog.Trigger, but these dialogs
 * open from plain buttons (the sidebar and the chat intro), so Radix would leave focus on the page
 * body: a keyboard user who pressed Escape had to tab from the top again. The dialog remembers its
 * opener and returns there, unless it opened a conversation (then that screen takes over).
 */
export function useDialogFocus(
  onOpenChange: (open: boolean) => void,
  firstField?: RefObject<HTMLElement | null>,
) {
  const navigate = useNavigate();
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
    /** Closes the dialog and opens the conversation; focus stays with that screen. */
    openConversation: (conversation: Conversation) => {
      navigated.current = true;
      onOpenChange(false);
      void navigate(conversationPath(conversation));
    },
  };
}
