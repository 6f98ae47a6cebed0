/**
 * One message: avatar, name, time, text, attachment, likes, replies link, and its actions (like,
 * reply in thread, edit and delete for the author, delete for admins, flag). Actions show on
 * hover and on keyboard focus within the row; their icons are drawn the first time either happens.
 */
import {
  Clock,
  Eye,
  EyeOff,
  Heart,
  MessageSquareReply,
  Pencil,
  RotateCcw,
  Trash2,
  X,
  type LucideIcon,
} from 'lucide-react';
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { Message } from '@stoop/shared';
import { MESSAGE_CONTENT_MAX } from '@stoop/shared';
import { NO_MESSAGE_ABILITIES } from '@stoop/shared/no-abilities';
import { TEXTS } from '@stoop/shared/texts';
import { messageAnchor } from '@stoop/shared/web-paths';
import { isApiError } from '../../services/api-error.ts';
import { toast } from '../../services/ui/toast.ts';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { useEditRequestStore } from '../../stores/edit-request.ts';
import {
  isCancellableUpload,
  OUTBOX_QUEUED_LABEL,
  useOutboxStore,
  type OutgoingMessage,
} from '../../stores/outbox.ts';
import { useUsersStore } from '../../stores/users.ts';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { formatTime } from './chat-hooks.ts';
import { Attachment, MessageText } from './MessageBody.tsx';
import { LinkPreviewCard } from './LinkPreviewCard.tsx';
import { EventCardOnDemand, PollCardOnDemand } from './MessageCard.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { ReactionPicker } from './ReactionPicker.tsx';
import { ReactionsBar } from './ReactionsBar.tsx';
import { ReportButton } from './ReportButton.tsx';

interface Props {
  message: Message;
  send: OutgoingMessage | undefined;
  /** Thread view hides the reply action on replies. */
  showThreadLink?: boolean;
  /** Briefly marked after a jump, so the eye finds it. */
  highlighted?: boolean;
  /** Continues the same author's group above: no avatar or name of its own. */
  grouped?: boolean;
}

const action =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900';

function likeSummary(
  likedBy: readonly string[],
  names: Record<string, { username: string } | undefined>,
): string {
  return likedBy.map((id) => names[id]?.username ?? 'Someone').join(', ');
}

/**
 * A toolbar button's icon, drawn once the row has been pointed at or focused. The toolbar is
 * invisible until then, and its buttons carry their names themselves; drawing every row's icons
 * (three to five SVGs a row) when a conversation opens was a large share of that render.
 * Until drawn, a blank of the same size keeps the toolbar's shape.
 */
function ToolbarIcon({
  icon: Icon,
  drawn,
  className = '',
}: {
  icon: LucideIcon;
  drawn: boolean;
  className?: string;
}) {
  return drawn ? (
    <Icon className={`h-4 w-4 ${className}`} aria-hidden="true" />
  ) : (
    <span className="block h-4 w-4" aria-hidden="true" />
  );
}

/** Admin: hide or show a message; the change comes back to every screen as an event. */
async function toggleHidden(messageId: string, hidden: boolean): Promise<void> {
  try {
    // The moderation calls load with the first use: residents never make them.
    const { setMessageHidden } = await import('../../stores/flagged.ts');
    await setMessageHidden(messageId, !hidden);
  } catch (error) {
    toast.error(hidden ? 'Could not unhide the message.' : 'Could not hide the message.', {
      ...(isApiError(error) ? { description: error.message } : {}),
    });
  }
}

/** Only https icons are shown (the page is https in production; no mixed content, no referrer). */
const botIcon = (iconUrl: string | null) => (iconUrl?.startsWith('https://') ? iconUrl : null);

/** Marks a data source's message, naming the source when a webhook chose another name. */
function BotMark({ name, source }: { name: string; source: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-500" data-testid="bot-mark">
      <span className="rounded bg-slate-200 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-slate-700">
        Bot
      </span>
      {name !== source ? <span>via {source}</span> : null}
    </span>
  );
}

export const MessageRow = memo(function MessageRow({
  message,
  send,
  showThreadLink = true,
  highlighted = false,
  grouped = false,
}: Props) {
  const me = useAuthStore((s) => s.user);
  const author = useUsersStore((s) => s.byId[message.userId]);
  const users = useUsersStore((s) => s.byId);
  const { likeMessage, unlikeMessage, editMessage, deleteMessage } = useMessagesStore.getState();
  const { retrySend, discardSend, cancelSend } = useOutboxStore.getState();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Set for good the first time a pointer enters the row or focus moves into it (ToolbarIcon).
  const [iconsDrawn, setIconsDrawn] = useState(false);
  const drawIcons = () => setIconsDrawn(true);
  const article = useRef<HTMLElement>(null);
  // Up arrow in the empty composer asked to edit this message.
  const editAsked = useEditRequestStore((s) => s.messageId === message.id);
  useEffect(() => {
    if (!editAsked) return;
    useEditRequestStore.getState().done();
    setDraft(message.content);
    setEditing(true);
  }, [editAsked, message.content]);

  useEffect(() => {
    // The jump link that led here is gone with the search page; focus the message instead, but
    // never take focus from something the resident is already using.
    const idle = document.activeElement === null || document.activeElement === document.body;
    if (highlighted && idle) article.current?.focus({ preventScroll: true });
  }, [highlighted]);

  // A data source's message is shown as the source, not as the admin who connected it.
  const bot = message.metadata.bot ?? null;
  const isOwn = me?.id === message.userId && !bot;
  // The server says which actions this reader has; the row keeps no rule of its own.
  const abilities = message.abilities ?? NO_MESSAGE_ABILITIES;
  // Residents get a hidden message emptied by the server and see the placeholder; the
  // author and admins get it whole, marked hidden (and may react to it).
  const hidden = message.metadata.adminHidden && !message.deletedAt;
  const hiddenFromMe = hidden && !abilities.react;
  const liked = me ? message.likedBy.includes(me.id) : false;
  const name = bot ? bot.name : isOwn ? (me?.username ?? 'You') : (author?.username ?? 'Someone');
  const avatar = bot ? botIcon(bot.iconUrl) : isOwn ? (me?.avatar ?? null) : (author?.avatar ?? null);
  const sending = send?.status === 'pending';
  // Composed offline, kept on the device until the connection returns.
  const queued = send?.status === 'queued';
  const failed = send?.status === 'failed';
  const settled = !send;

  const saveEdit = async () => {
    const content = draft.trim();
    if (!content || content === message.content) {
      setEditing(false);
      return;
    }
    if (await editMessage(message.id, content)) setEditing(false);
  };

  const onEditKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void saveEdit();
    } else if (event.key === 'Escape') {
      setEditing(false);
      setDraft(message.content);
    }
  };

  return (
    <article
      ref={article}
      // Focusable from the list's arrow keys (and by a jump link), never a tab stop.
      tabIndex={-1}
      className={`group relative flex gap-3 px-3 ${grouped ? 'py-0.5' : 'py-2'} transition-colors duration-700 hover:bg-slate-50 focus-within:bg-slate-50 sm:px-4 ${sending || queued ? 'opacity-70' : ''} ${highlighted ? 'bg-amber-50! ring-2 ring-inset ring-amber-300' : ''}`}
      aria-label={`${name} at ${formatTime(message.createdAt)}`}
      data-message-id={message.id}
      data-grouped={grouped || undefined}
      data-highlighted={highlighted || undefined}
      id={messageAnchor(message.id)}
      onPointerEnter={drawIcons}
      onFocus={drawIcons}
    >
      {grouped ? (
        // The group's avatar is above; the time shows here on hover, as chat apps do.
        <span
          className="w-9 shrink-0 pt-1 text-right text-[10px] leading-4 text-slate-400 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100"
          aria-hidden="true"
        >
          {formatTime(message.createdAt)}
        </span>
      ) : (
        <UserAvatar name={name} src={avatar} className="mt-0.5 h-9 w-9 text-xs" />
      )}
      <div className="min-w-0 flex-1">
        <header className={`flex flex-wrap items-baseline gap-x-2 ${grouped ? 'empty:hidden' : ''}`}>
          {grouped ? null : (
            <>
              <span className="text-sm font-semibold text-slate-900">{name}</span>
              {bot ? <BotMark name={bot.name} source={bot.source} /> : null}
              <time className="text-xs text-slate-500" dateTime={message.createdAt}>
                {formatTime(message.createdAt)}
              </time>
            </>
          )}
          {message.updatedAt !== message.createdAt && settled ? (
            <span className="text-xs text-slate-500">(edited)</span>
          ) : null}
          {sending || queued ? (
            // Not sent yet: a clock, as chat apps mark a message still on its way.
            <span
              className="inline-flex items-center gap-1 text-xs text-slate-500"
              data-testid="pending-mark"
            >
              <Clock className="h-3 w-3" aria-hidden="true" />
              {queued ? OUTBOX_QUEUED_LABEL : 'Sending…'}
            </span>
          ) : null}
          {hidden && !hiddenFromMe ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              <EyeOff className="h-3 w-3" aria-hidden="true" /> {TEXTS.messageHiddenMark}
            </span>
          ) : null}
        </header>
        {editing ? (
          <div className="mt-1">
            <textarea
              aria-label="Edit message"
              className="w-full rounded-lg border border-slate-300 p-2 text-sm focus:border-brand-600 focus:outline-none"
              value={draft}
              maxLength={MESSAGE_CONTENT_MAX}
              rows={3}
              autoFocus
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onEditKey}
            />
            <div className="mt-1 flex gap-2 text-xs">
              <button type="button" className={action} onClick={() => void saveEdit()}>
                Save
              </button>
              <button type="button" className={action} onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : hiddenFromMe ? (
          <p className="text-sm italic text-slate-500">{TEXTS.messageHiddenByAdmin}</p>
        ) : message.pollId && !message.deletedAt ? (
          // A poll's message is its card; the question is the card's title.
          <PollCardOnDemand pollId={message.pollId} />
        ) : message.eventId && !message.deletedAt ? (
          // An event's message is its card; the title is the card's title.
          <EventCardOnDemand eventId={message.eventId} />
        ) : (
          <MessageText content={message.content} mentionedUserIds={message.metadata.mentionedUsers} />
        )}
        {hiddenFromMe ? null : <Attachment message={message} pendingFile={send?.file} />}
        {message.linkPreview && !hiddenFromMe && !message.deletedAt ? (
          <LinkPreviewCard
            messageId={message.id}
            preview={message.linkPreview}
            mine={abilities.edit && settled}
          />
        ) : null}
        {send?.progress !== null && send?.progress !== undefined && sending ? (
          <UploadProgress
            progress={send.progress}
            onCancel={isCancellableUpload(send) ? () => cancelSend(send.clientMessageId) : null}
          />
        ) : null}
        {failed ? (
          <div className="mt-1 flex items-center gap-2 text-xs text-red-700" role="alert">
            Not sent.
            <button
              type="button"
              className={`${action} text-red-700`}
              onClick={() => void retrySend(send.clientMessageId)}
            >
              <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" /> Retry
            </button>
            <button type="button" className={action} onClick={() => discardSend(send.clientMessageId)}>
              <X className="h-3.5 w-3.5" aria-hidden="true" /> Delete
            </button>
          </div>
        ) : null}
        {settled &&
        !hiddenFromMe &&
        (message.likedBy.length > 0 || (showThreadLink && message.replies.length > 0)) ? (
          <div className="mt-1 flex flex-wrap gap-2">
            {message.likedBy.length > 0 ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs text-rose-700"
                title={`Liked by ${likeSummary(message.likedBy, users)}`}
              >
                <Heart className="h-3 w-3 fill-current" aria-hidden="true" />
                <span>{message.likedBy.length}</span>
                <span className="sr-only"> likes: {likeSummary(message.likedBy, users)}</span>
              </span>
            ) : null}
            {showThreadLink && message.replies.length > 0 ? (
              <Link
                to={DASHBOARD_PATHS.thread(message.id)}
                className="text-xs font-medium text-brand-700 hover:underline"
              >
                {message.replies.length} {message.replies.length === 1 ? 'reply' : 'replies'}
              </Link>
            ) : null}
          </div>
        ) : null}
        {settled && !hiddenFromMe && message.reactions?.length ? (
          <ReactionsBar messageId={message.id} reactions={message.reactions} myId={me?.id} />
        ) : null}
        {confirmDelete ? (
          <div
            className="mt-1 flex items-center gap-2 text-xs"
            role="alertdialog"
            aria-label="Delete this message?"
          >
            <span className="text-slate-700">Delete this message?</span>
            <button
              type="button"
              className={`${action} text-red-700`}
              autoFocus
              onClick={() => void deleteMessage(message.id).then(() => setConfirmDelete(false))}
            >
              Delete
            </button>
            <button type="button" className={action} onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
          </div>
        ) : null}
      </div>
      {settled && !editing ? (
        <div
          className="absolute right-2 top-1 flex gap-0.5 rounded-lg border border-slate-200 bg-white p-0.5 opacity-0 shadow-sm focus-within:opacity-100 group-hover:opacity-100"
          role="toolbar"
          aria-label="Message actions"
        >
          {!abilities.react ? null : (
            <button
              type="button"
              className={action}
              aria-pressed={liked}
              aria-label={liked ? 'Unlike' : 'Like'}
              onClick={() => void (liked ? unlikeMessage(message.id) : likeMessage(message.id))}
            >
              <ToolbarIcon
                icon={Heart}
                drawn={iconsDrawn}
                className={liked ? 'fill-rose-500 text-rose-500' : ''}
              />
            </button>
          )}
          {!abilities.react ? null : (
            <ReactionPicker
              messageId={message.id}
              liked={liked}
              mine={
                me
                  ? (message.reactions ?? []).filter((r) => r.userIds.includes(me.id)).map((r) => r.emoji)
                  : []
              }
              className={action}
              drawn={iconsDrawn}
            />
          )}
          {showThreadLink ? (
            <Link to={DASHBOARD_PATHS.thread(message.id)} className={action} aria-label="Reply in thread">
              <ToolbarIcon icon={MessageSquareReply} drawn={iconsDrawn} />
            </Link>
          ) : null}
          {abilities.edit ? (
            <button
              type="button"
              className={action}
              aria-label="Edit"
              onClick={() => {
                setDraft(message.content);
                setEditing(true);
              }}
            >
              <ToolbarIcon icon={Pencil} drawn={iconsDrawn} />
            </button>
          ) : null}
          {abilities.delete ? (
            <button
              type="button"
              className={action}
              aria-label="Delete"
              onClick={() => setConfirmDelete(true)}
            >
              <ToolbarIcon icon={Trash2} drawn={iconsDrawn} />
            </button>
          ) : null}
          {abilities.hide ? (
            <button
              type="button"
              className={action}
              aria-label={hidden ? 'Unhide for residents' : 'Hide from residents'}
              onClick={() => void toggleHidden(message.id, hidden)}
            >
              <ToolbarIcon icon={hidden ? Eye : EyeOff} drawn={iconsDrawn} />
            </button>
          ) : null}
          {abilities.report ? (
            <ReportButton
              messageId={message.id}
              reported={me ? message.metadata.userFlaggedBy.includes(me.id) : false}
              className={action}
              drawn={iconsDrawn}
            />
          ) : null}
        </div>
      ) : null}
    </article>
  );
});
