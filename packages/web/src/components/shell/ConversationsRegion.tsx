/**
 * The conversation list region of the main sidebar. Until the chat list is built it explains
 * what will be listed here.
 */
import { MessagesSquare } from 'lucide-react';

export function ConversationsRegion() {
  return (
    <section aria-labelledby="conversations-heading" className="px-3">
      <h2 id="conversations-heading" className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
        Conversations
      </h2>
      <div className="mt-3 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center">
        <MessagesSquare className="mx-auto h-6 w-6 text-slate-400" aria-hidden="true" />
        <p className="mt-2 text-sm text-slate-600">Your channels and direct conversations will be listed here.</p>
      </div>
    </section>
  );
}
