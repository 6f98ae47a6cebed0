/**
 * Channel settings on the details screen, for the channel's creator or an admin: rename, change
 * the description or icon (PATCH; the store returns null and shows the error on failure), and
 * delete (optimistic, rolled back on failure — R-CONV-2, R-CONV-3).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Conversation } from '@stoop/shared';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { toast } from '../../services/ui/toast.ts';
import { Button } from '../ui/Button.tsx';
import { ChannelFields } from './ChannelFields.tsx';

export function ChannelSettings({ conversation }: { conversation: Conversation }) {
  const { updateConversation, deleteConversation } = useConversationsStore.getState();
  const navigate = useNavigate();
  const [name, setName] = useState(conversation.name);
  const [description, setDescription] = useState(conversation.description);
  const [icon, setIcon] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // The server says whether this reader manages the channel.
  if (!conversation.abilities?.manage) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const updated = await updateConversation(conversation.id, {
      name: name.trim(),
      description: description.trim(),
      icon,
    });
    setBusy(false);
    if (!updated) return;
    setIcon(null); // the saved icon now shows as the current one
    toast.success('Channel updated.');
  };

  const remove = async () => {
    setConfirming(false);
    void navigate(DASHBOARD_PATHS.chatIntro);
    await deleteConversation(conversation.id);
  };

  return (
    <section aria-labelledby="settings-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="settings-heading" className="text-sm font-semibold text-slate-700">
        Channel settings
      </h2>
      <form className="mt-3 space-y-3" onSubmit={(e) => void save(e)}>
        <ChannelFields
          name={name}
          onNameChange={setName}
          description={description}
          onDescriptionChange={setDescription}
          icon={icon}
          currentIcon={conversation.icon}
          onIconChange={setIcon}
          iconLabel="New icon"
          descriptionRows={2}
        />
        <div className="flex flex-wrap justify-between gap-2">
          {confirming ? (
            <span
              className="flex items-center gap-2 text-sm"
              role="alertdialog"
              aria-label="Delete this channel?"
            >
              Delete this channel and its messages?
              <Button variant="danger" onClick={() => void remove()} autoFocus>
                Delete
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </span>
          ) : (
            <Button variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
              Delete channel
            </Button>
          )}
          <Button type="submit" busy={busy} disabled={!name.trim()}>
            Save changes
          </Button>
        </div>
      </form>
    </section>
  );
}
