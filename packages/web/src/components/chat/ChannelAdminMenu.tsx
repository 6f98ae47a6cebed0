/** A channel's admin menu (Radix DropdownMenu); its own chunk, loaded on first use. */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EyeOff, Flag, FlagOff } from 'lucide-react';
import type { ReactElement } from 'react';
import type { Conversation } from '@stoop/shared';
import { useConversationsStore } from '../../stores/conversations.ts';

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

interface ChannelAdminMenuProps {
  conversation: Conversation;
  /** The header's trigger button, which this menu takes over. */
  trigger: ReactElement;
}

export default function ChannelAdminMenu({ conversation, trigger }: ChannelAdminMenuProps) {
  const adminChannel = useConversationsStore((s) => s.adminChannel);
  const flagged = conversation.metadata.adminFlaggedBy.length > 0;
  return (
    // Opened: it mounts when the plain trigger is first pressed.
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {flagged ? (
            <DropdownMenu.Item className={item} onSelect={() => void adminChannel(conversation.id, 'unflag')}>
              <FlagOff className="h-4 w-4" aria-hidden="true" /> Unflag channel
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={item} onSelect={() => void adminChannel(conversation.id, 'flag')}>
              <Flag className="h-4 w-4" aria-hidden="true" /> Flag channel
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={item} onSelect={() => void adminChannel(conversation.id, 'hide')}>
            <EyeOff className="h-4 w-4" aria-hidden="true" />{' '}
            {conversation.metadata.adminHidden ? 'Unhide channel' : 'Hide channel'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
