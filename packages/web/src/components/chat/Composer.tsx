/**
 * Message composer: multiline (Enter sends, Shift+Enter adds a line), attachments picked, pasted or
 * dropped with a preview each, @mention
 * completion and typing notices. Sending is optimistic: the text clears at once and the message
 * shows as pending in the list, with its upload progress. Outside threads it also asks polls
 * (CreatePollDialog) and creates events (CreateEventDialog). A cancelled upload comes back here,
 * text and file, so the resident can change it and send again.
 */
import { BarChart3, CalendarPlus, Paperclip, SendHorizontal, type LucideIcon } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { ConversationType } from '@stoop/shared';
import { MESSAGE_CONTENT_MAX, TYPING_NOTICE_INTERVAL_MS } from '@stoop/shared';
import { emitTyping } from '../../realtime/socket.ts';
import { useActivityStore } from '../../stores/activity.ts';
import { useDraftsStore } from '../../stores/drafts.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useEditRequestStore } from '../../stores/edit-request.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { lastOwnEditable } from '../../services/chat/last-own-message.ts';
import { draftKey, useOutboxStore } from '../../stores/outbox.ts';
import { useUsersStore } from '../../stores/users.ts';
import { dragHasFiles, transferredFiles, useComposerFiles } from './use-composer-files.ts';

// Loaded when first opened, so the chat screen's first load carries no dialog (Radix).
const CreatePollDialog = lazy(async () => ({
  default: (await import('./CreatePollDialog.tsx')).CreatePollDialog,
}));

// Loaded when first opened, so the chat screen does not carry the form's schema.
const CreateEventDialog = lazy(async () => ({
  default: (await import('../events/CreateEventDialog.tsx')).CreateEventDialog,
}));

// The tray of files waiting to go loads with the first file.
const ComposerAttachments = lazy(async () => ({
  default: (await import('./ComposerAttachments.tsx')).ComposerAttachments,
}));

interface Props {
  conversationId: string | null;
  conversationType: ConversationType | null;
  /** Ids that @mentions complete from; empty means the whole directory. */
  participantIds: readonly string[];
  parentMessageId?: string;
  placeholder?: string;
}

const MENTION_AT_CARET = /(^|\s)@([\p{L}\p{N}_.-]*)$/u;

export function Composer({
  conversationId,
  conversationType,
  participantIds,
  parentMessageId,
  placeholder,
}: Props) {
  const users = useUsersStore((s) => s.byId);
  const draftSlot = conversationId ? draftKey(conversationId, parentMessageId ?? null) : null;
  // What was typed here before a reload, a restart or a visit elsewhere comes back.
  const storedDraft = () => (draftSlot ? (useDraftsStore.getState().drafts[draftSlot] ?? '') : '');
  const [text, setTextState] = useState(storedDraft);
  const [textSlot, setTextSlot] = useState(draftSlot);
  if (textSlot !== draftSlot) {
    setTextSlot(draftSlot);
    setTextState(storedDraft());
  }
  const setText = useCallback(
    (next: string | ((current: string) => string)) =>
      setTextState((current) => {
        const value = typeof next === 'function' ? next(current) : next;
        if (draftSlot) useDraftsStore.getState().setDraft(draftSlot, value);
        return value;
      }),
    [draftSlot],
  );
  const attachments = useComposerFiles();
  const { files, add: addFiles } = attachments;
  const [dropping, setDropping] = useState(false);
  const [caret, setCaret] = useState(0);
  const [highlight, setHighlight] = useState(0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const disabled = conversationId === null;
  const [notice, setNotice] = useState('');
  const [pollOpen, setPollOpen] = useState(false);
  const [eventOpen, setEventOpen] = useState(false);
  const restored = useOutboxStore((s) => (draftSlot ? s.restoredDrafts[draftSlot] : undefined));

  useEffect(() => {
    if (!draftSlot || !restored) return;
    const draft = useOutboxStore.getState().takeRestoredDraft(draftSlot);
    if (!draft) return;
    // Anything typed since the send stays; the cancelled text goes back in front of it. A file
    // picked since then stays too: the cancelled one is still on the resident's device.
    setText((current) => [draft.content, current].filter(Boolean).join('\n'));
    if (draft.file) addFiles([draft.file]);
    setNotice('Upload cancelled. Your message is back in the message box.');
    // The Cancel button just left the page; keyboard users continue where the message is.
    textarea.current?.focus();
  }, [draftSlot, restored, setText, addFiles]);

  const mention = MENTION_AT_CARET.exec(text.slice(0, caret));
  const mentionQuery = mention ? (mention[2] ?? '').toLowerCase() : null;
  const candidates = useMemo(() => {
    if (mentionQuery === null) return [];
    const pool =
      participantIds.length > 0
        ? participantIds.map((id) => users[id]).filter((u) => u !== undefined)
        : Object.values(users);
    return pool.filter((u) => u.username.toLowerCase().startsWith(mentionQuery)).slice(0, 6);
  }, [mentionQuery, participantIds, users]);
  const showMentions = candidates.length > 0;
  const mentionListId = useId();
  const optionId = (index: number) => `${mentionListId}-${index}`;

  const pickMention = (username: string) => {
    const before = text
      .slice(0, caret)
      .replace(MENTION_AT_CARET, (_m, space: string) => `${space}@${username} `);
    const next = before + text.slice(caret);
    setText(next);
    setCaret(before.length);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(before.length, before.length);
    });
  };

  const send = () => {
    const content = text.trim();
    if (disabled || (!content && files.length === 0)) return;
    setText('');
    attachments.clear();
    setNotice('');
    if (fileInput.current) fileInput.current.value = '';
    if (conversationType) useActivityStore.getState().record(conversationId, conversationType);
    // One message per file, in the order shown, the text with the first. Each waits
    // for the one before so they arrive in that order. Errors are shown by the store (toast); a
    // failed message offers Retry in the list.
    const sendOne = (messageContent: string, file: File | null) =>
      useOutboxStore
        .getState()
        .sendMessage(conversationId, {
          content: messageContent,
          file,
          parentMessageId: parentMessageId ?? null,
        })
        .catch(() => undefined);
    const [first = null, ...rest] = files;
    void rest.reduce((previous, file) => previous.then(() => sendOne('', file)), sendOne(content, first));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showMentions) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((h) => (h + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const chosen = candidates[highlight] ?? candidates[0];
        if (chosen) pickMention(chosen.username);
        return;
      }
      if (event.key === 'Escape') {
        setCaret(0);
        return;
      }
    }
    // Up arrow in an empty composer edits the resident's last message, as in Slack.
    if (event.key === 'ArrowUp' && !text && conversationId && !event.nativeEvent.isComposing) {
      const meId = useAuthStore.getState().user?.id;
      const messages = useMessagesStore.getState().cache.conversations[conversationId]?.messages ?? [];
      const sends = useOutboxStore.getState().sends;
      const last = meId
        ? lastOwnEditable(messages, meId, parentMessageId ?? null, (m) =>
            m.clientMessageId ? sends[m.clientMessageId] !== undefined : false,
          )
        : null;
      if (last) {
        event.preventDefault();
        useEditRequestStore.getState().request(last.id);
      }
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const onChange = (value: string, position: number) => {
    setText(value);
    setCaret(position);
    setHighlight(0);
    const now = Date.now();
    if (conversationId && value && now - lastTyping.current > TYPING_NOTICE_INTERVAL_MS) {
      lastTyping.current = now;
      emitTyping(conversationId);
    }
  };

  return (
    <div
      data-toast-avoid
      className={`relative border-t border-slate-200 bg-white px-3 pb-3 pt-2 sm:px-4 ${dropping ? 'ring-2 ring-inset ring-brand-500' : ''}`}
      onDragOver={(e) => {
        if (disabled || !dragHasFiles(e.dataTransfer)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={(e) => {
        // Moving over the composer's own children is not leaving it.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(e) => {
        setDropping(false);
        if (disabled || !dragHasFiles(e.dataTransfer)) return;
        e.preventDefault();
        attachments.add(transferredFiles(e.dataTransfer));
        textarea.current?.focus();
      }}
    >
      {dropping ? (
        <p className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center bg-brand-50/90 text-sm font-medium text-brand-800">
          Drop to attach
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {notice}
      </p>
      {showMentions ? (
        <ul
          id={mentionListId}
          role="listbox"
          aria-label="Mention a resident"
          className="absolute bottom-full left-3 mb-1 w-64 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          {candidates.map((user, index) => (
            <li
              key={user.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlight}
              className={`cursor-pointer px-3 py-2 text-sm ${index === highlight ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pickMention(user.username);
              }}
            >
              @{user.username}
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <Suspense fallback={null}>
          <ComposerAttachments {...attachments} />
        </Suspense>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          className="hidden"
          aria-label="Attach a file"
          onChange={(e) => {
            // Refused files are left out with a toast; those attached before stay.
            attachments.add(e.target.files ?? []);
            e.target.value = '';
          }}
          disabled={disabled}
        />
        <ToolButton
          label="Attach a file"
          icon={Paperclip}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        />
        {/* Polls and events are asked in the conversation, not in a thread. */}
        {parentMessageId === undefined ? (
          <>
            <ToolButton
              label="Create a poll"
              icon={BarChart3}
              disabled={disabled}
              onClick={() => setPollOpen(true)}
            />
            <ToolButton
              label="Create an event"
              icon={CalendarPlus}
              disabled={disabled}
              onClick={() => setEventOpen(true)}
            />
          </>
        ) : null}
        {pollOpen && conversationId ? (
          <Suspense fallback={null}>
            <CreatePollDialog conversationId={conversationId} onClose={() => setPollOpen(false)} />
          </Suspense>
        ) : null}
        {eventOpen && conversationId ? (
          <Suspense fallback={null}>
            <CreateEventDialog
              conversationId={conversationId}
              onClose={() => setEventOpen(false)}
              onCreated={() => setEventOpen(false)}
            />
          </Suspense>
        ) : null}
        <textarea
          ref={textarea}
          aria-label="Message"
          data-skip-target
          className="max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none disabled:bg-slate-100"
          rows={1}
          maxLength={MESSAGE_CONTENT_MAX}
          placeholder={disabled ? 'Choose a conversation to write in' : (placeholder ?? 'Write a message')}
          disabled={disabled}
          value={text}
          aria-autocomplete="list"
          // A textarea cannot be a combobox (no aria-expanded); it points at the open list instead.
          aria-controls={showMentions ? mentionListId : undefined}
          aria-activedescendant={showMentions ? optionId(highlight) : undefined}
          onChange={(e) => onChange(e.target.value, e.target.selectionStart)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            // An image pasted from the clipboard is attached; pasted text goes in as text.
            const pasted = transferredFiles(e.clipboardData);
            if (pasted.length === 0) return;
            if (!e.clipboardData.types.includes('text/plain')) e.preventDefault();
            attachments.add(pasted);
          }}
        />
        <button
          type="button"
          className="rounded-lg bg-brand-700 p-2 text-white hover:bg-brand-800 disabled:opacity-50"
          aria-label="Send"
          disabled={disabled || (!text.trim() && files.length === 0)}
          onClick={send}
        >
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

/** One of the composer's icon buttons beside the text (attach, poll, event). */
function ToolButton({
  label,
  icon: Icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
