/** A legal document in an accessible modal (Radix Dialog: focus trap, Escape, labelled). */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LegalDocument } from '../../content/legal.ts';
import { Button } from '../ui/Button.tsx';
import { LegalDocumentView } from './LegalDocumentView.tsx';

interface LegalDialogProps {
  document: LegalDocument;
  /** The element that opens the dialog, e.g. an inline text button. */
  trigger: ReactNode;
}

export function LegalDialog({ document, trigger }: LegalDialogProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-2 bottom-2 top-[max(env(safe-area-inset-top),0.5rem)] z-50 mx-auto flex max-w-2xl flex-col rounded-2xl bg-white shadow-xl sm:inset-x-4 sm:bottom-8 sm:top-8">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{document.title}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <X className="h-5 w-5" aria-hidden="true" />
                <span className="sr-only">Close</span>
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            The full text of Stoop&apos;s {document.title.toLowerCase()}.
          </Dialog.Description>
          <div className="flex-1 overflow-y-auto px-5 py-4">
            <LegalDocumentView document={document} hideTitle />
          </div>
          <div className="border-t border-slate-200 px-5 py-3 text-right">
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
