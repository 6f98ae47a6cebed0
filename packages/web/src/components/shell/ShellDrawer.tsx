/**
 * The sidebar as a drawer on small screens (a Radix Dialog). Its own chunk: AppShell loads it the
 * first time the menu button is pressed, so Radix is not part of a signed-in page's first load.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Logo } from '../ui/Logo.tsx';

interface ShellDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sidebarLabel: string;
  /** The menu button, which gets focus back when the drawer closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

export default function ShellDrawer({
  open,
  onOpenChange,
  sidebarLabel,
  triggerRef,
  children,
}: ShellDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
        <Dialog.Content
          id="shell-drawer"
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white pb-[var(--safe-area-bottom)] pt-[env(safe-area-inset-top)] shadow-xl lg:hidden"
          onCloseAutoFocus={(event) => {
            // The trigger is a plain button outside the dialog, so focus goes back to it here.
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-3">
            <Dialog.Title asChild>
              <span>
                <Logo />
                <span className="sr-only"> — {sidebarLabel}</span>
              </span>
            </Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="rounded-md p-2 text-slate-500 hover:bg-slate-100">
                <X className="h-5 w-5" aria-hidden="true" />
                <span className="sr-only">Close</span>
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Navigation</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
