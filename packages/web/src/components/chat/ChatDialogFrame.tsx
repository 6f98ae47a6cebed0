/**
 * The frame of the chat dialogs (new channel, new direct message, browse channels): overlay,
 * centred panel that fits a phone, title with a close button, description, and the focus rules of
 * dialog-focus.ts. Radix gives the focus trap and Escape.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import type { useDialogFocus } from './dialog-focus.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  focus: ReturnType<typeof useDialogFocus>;
  /** A list that scrolls inside the panel (the panel keeps to the screen's height). */
  scrolls?: boolean;
  children: ReactNode;
};

const panel =
  'fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-4 shadow-xl sm:p-5';
const scrollingPanel = `${panel} flex max-h-[min(36rem,calc(100dvh-2rem))] flex-col`;

export function ChatDialogFrame({ open, onOpenChange, title, description, focus, scrolls, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className={scrolls ? scrollingPanel : panel}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="flex items-start justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type SearchProps = {
  /** The dialog's first field: useDialogFocus puts focus here when the dialog opens. */
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
};

/** The search box at the top of a listing dialog (browse channels, new direct message). */
export function DialogSearch({ inputRef, label, placeholder, value, onChange }: SearchProps) {
  return (
    <input
      ref={inputRef}
      type="search"
      aria-label={label}
      placeholder={placeholder}
      className="mt-4 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
