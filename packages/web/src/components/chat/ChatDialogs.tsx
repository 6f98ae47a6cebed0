import { lazy, Suspense, useState } from 'react';
import type { ChatDialog } from './ChatDialogSet.tsx';

export type { ChatDialog };

const ChatDialogSet = lazy(() => import('./ChatDialogSet.tsx'));

/**
 * The three chat dialogs (new channel, new direct message, browse channels), for screens that open
 * them from their own buttons: the sidebar and the chat intro's quick actions. They (and Radix with
 * them) load the first time one opens, and stay mounted from then on.
 */
export function ChatDialogs({
  open,
  onChange,
}: {
  open: ChatDialog;
  onChange: (dialog: ChatDialog) => void;
}) {
  const [loaded, setLoaded] = useState(false);
  if (open !== null && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <ChatDialogSet open={open} onChange={onChange} />
    </Suspense>
  );
}
