/**
 * The bell's panel: a Radix dialog (focus stays in it, Escape closes it) listing the newest
 * notifications. Its own chunk, loaded the first time the bell is pressed.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { NotificationList } from './NotificationList.tsx';
import { UnreadDirectList } from './UnreadDirectList.tsx';

interface NotificationPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  freshIds: ReadonlySet<string>;
  /** The bell, which gets focus back when the panel closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

export default function NotificationPanel({
  open,
  onOpenChange,
  freshIds,
  triggerRef,
}: NotificationPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/20" />
        <Dialog.Content
          id="notification-panel"
          className="fixed right-2 top-14 z-50 flex max-h-[min(32rem,calc(100dvh-4rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-xl"
          onCloseAutoFocus={(event) => {
            // The bell is a plain button outside the dialog, so focus goes back to it here.
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <Dialog.Title className="text-sm font-semibold text-slate-900">Notifications</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="rounded-md p-2 text-slate-500 hover:bg-slate-100">
                <X className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">Close notifications</span>
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Unread direct messages, mentions, replies, likes, announcements and account news. Choose one to
            open it.
          </Dialog.Description>
          <UnreadDirectList onOpen={() => onOpenChange(false)} />
          <NotificationList freshIds={freshIds} onOpen={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
