/** Create-channel dialog: name, description and an optional icon (SPEC 7 multipart create). */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useConversationsStore } from '../../stores/conversations.ts';
import { Button } from '../ui/Button.tsx';
import { ChannelFields } from './ChannelFields.tsx';
import { conversationPath } from './chat-hooks.ts';
import { useDialogFocus } from './dialog-focus.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateChannelDialog({ open, onOpenChange }: Props) {
  const createChannel = useConversationsStore((s) => s.createChannel);
  const navigate = useNavigate();
  const focus = useDialogFocus();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [icon, setIcon] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    const created = await createChannel({ name: name.trim(), description: description.trim(), icon });
    setBusy(false);
    if (!created) return; // the store showed the SPEC 8 error text
    setName('');
    setDescription('');
    setIcon(null);
    focus.leaving();
    onOpenChange(false);
    void navigate(conversationPath(created));
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl"
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="flex items-start justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">New channel</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Channels are open to every resident of your community.
          </Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)}>
            <ChannelFields
              name={name}
              onNameChange={setName}
              description={description}
              onDescriptionChange={setDescription}
              onIconChange={setIcon}
              iconLabel="Icon (optional)"
              descriptionRows={3}
            />
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" busy={busy} disabled={!name.trim()}>
                Create channel
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
