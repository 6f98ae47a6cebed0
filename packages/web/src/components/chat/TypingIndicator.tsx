/** "Nadia is typing…" for a conversation; typing notices expire in the conversations store. */
import { useConversationsStore } from '../../stores/conversations.ts';

export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

export function TypingIndicator({ conversationId }: { conversationId: string }) {
  const typing = useConversationsStore((s) => s.typing[conversationId]);
  const text = typingText(Object.values(typing ?? {}).map((t) => t.username));
  return (
    <p className="h-5 px-4 text-xs italic text-slate-500" aria-live="polite">
      {text}
    </p>
  );
}
