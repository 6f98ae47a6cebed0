/**
 * A message's emoji reactions: one chip per emoji with its count, the resident's own
 * highlighted. A click toggles the resident's reaction; hovering names who reacted (the title), and
 * so does a long press on a touch screen, which shows the names under the chips instead.
 */
import { memo, useRef, useState } from 'react';
import type { Reaction } from '@stoop/shared';
import { reactorNames, rememberReaction } from '../../services/chat/reactions.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { useUsersStore } from '../../stores/users.ts';

const LONG_PRESS_MS = 450;

interface Props {
  messageId: string;
  reactions: readonly Reaction[];
  myId: string | undefined;
}

export const ReactionsBar = memo(function ReactionsBar({ messageId, reactions, myId }: Props) {
  const users = useUsersStore((s) => s.byId);
  const [named, setNamed] = useState<string | null>(null);
  const press = useRef<{ timer: number; long: boolean } | null>(null);
  if (reactions.length === 0) return null;

  const namesOf = (reaction: Reaction) =>
    reactorNames(reaction.userIds.map((id) => (id === myId ? 'You' : (users[id]?.username ?? 'Someone'))));
  const toggle = (reaction: Reaction) => {
    const mine = myId !== undefined && reaction.userIds.includes(myId);
    if (!mine) rememberReaction(reaction.emoji);
    void useMessagesStore.getState().reactToMessage(messageId, reaction.emoji, !mine);
  };
  const shown = reactions.find((r) => r.emoji === named);

  return (
    <div className="mt-1" data-testid="reactions">
      <div className="flex flex-wrap gap-1">
        {reactions.map((reaction) => {
          const mine = myId !== undefined && reaction.userIds.includes(myId);
          const names = namesOf(reaction);
          return (
            <button
              key={reaction.emoji}
              type="button"
              aria-pressed={mine}
              aria-label={`${reaction.emoji} ${reaction.userIds.length}: ${names}`}
              title={`${names} reacted with ${reaction.emoji}`}
              className={`inline-flex min-h-7 select-none items-center gap-1 rounded-full border px-2 py-0.5 text-xs ${
                mine
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50'
              }`}
              onPointerDown={(event) => {
                if (event.pointerType !== 'touch') return;
                const state = { long: false, timer: 0 };
                state.timer = window.setTimeout(() => {
                  state.long = true;
                  setNamed(reaction.emoji);
                }, LONG_PRESS_MS);
                press.current = state;
              }}
              onPointerUp={() => window.clearTimeout(press.current?.timer)}
              onPointerLeave={() => window.clearTimeout(press.current?.timer)}
              onContextMenu={(event) => {
                // A long press opens the names, not the browser's menu.
                if (press.current?.long) event.preventDefault();
              }}
              onClick={() => {
                if (press.current?.long) {
                  press.current = null;
                  return;
                }
                toggle(reaction);
              }}
            >
              <span className="text-sm leading-none">{reaction.emoji}</span>
              <span>{reaction.userIds.length}</span>
            </button>
          );
        })}
      </div>
      {shown ? (
        <p className="mt-1 text-xs text-slate-600" role="status">
          {shown.emoji} {namesOf(shown)}{' '}
          <button type="button" className="ml-1 underline" onClick={() => setNamed(null)}>
            Close
          </button>
        </p>
      ) : null}
    </div>
  );
});
