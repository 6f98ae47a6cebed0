/** Create-channel dialog: name, description and an optional icon (R-API-13 multipart create). */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useConversationsStore } from '../../stores/conversations.ts';
import { Button } from '../ui/Button.tsx';
import { ChannelFields } from './ChannelFields.tsx';
import { ChatDialogFrame } from './ChatDialogFrame.tsx';
import { useDialogFocus } from './dialog-focus.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateChannelDialog({ open, onOpenChange }: Props) {
  const createChannel = useConversationsStore((s) => s.createChannel);
  const focus = useDialogFocus(onOpenChange);
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
    if (!created) return; // the store showed the R-ERR-1, R-ERR-2 error text
    setName('');
    setDescription('');
    setIcon(null);
    focus.openConversation(created);
  };

  return (
    <ChatDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="New channel"
      description="Channels are open to every resident of your community."
      focus={focus}
    >
      <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)}>
        <ChannelFields
          name={name}
          onNameChange={setName}
          description={description}
          onDescriptionChange={setDescription}
          icon={icon}
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
    </ChatDialogFrame>
  );
}
