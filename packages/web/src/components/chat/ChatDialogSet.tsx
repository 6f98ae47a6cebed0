import { BrowseChannelsDialog } from './BrowseChannelsDialog.tsx';
import { CreateChannelDialog } from './CreateChannelDialog.tsx';
import { StartDirectDialog } from './StartDirectDialog.tsx';

/** Which chat dialog is open: at most one at a time. */
export type ChatDialog = 'channel' | 'direct' | 'browse' | null;

/** The three chat dialogs behind ChatDialogs: their own chunk, with Radix. */
export default function ChatDialogSet({
  open,
  onChange,
}: {
  open: ChatDialog;
  onChange: (dialog: ChatDialog) => void;
}) {
  const control = (dialog: Exclude<ChatDialog, null>) => ({
    open: open === dialog,
    onOpenChange: (isOpen: boolean) => onChange(isOpen ? dialog : null),
  });
  return (
    <>
      <CreateChannelDialog {...control('channel')} />
      <StartDirectDialog {...control('direct')} />
      <BrowseChannelsDialog {...control('browse')} />
    </>
  );
}
