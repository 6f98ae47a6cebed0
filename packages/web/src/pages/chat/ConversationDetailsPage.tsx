/** conversations/:id/details: members with presence, message and file counts, recent files. */
import { ArrowLeft, FileText, Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { UserAvatar } from '../../components/shell/UserAvatar.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { ChannelSettings } from '../../components/chat/ChannelSettings.tsx';
import { conversationPath, formatBytes, useConversationTitle } from '../../components/chat/chat-hooks.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { mediaUrl, useMediaUrl } from '../../stores/media-ticket.ts';

export default function ConversationDetailsPage() {
  const { id = '' } = useParams();
  const details = useConversationsStore((s) => s.details[id]);
  const online = useConversationsStore((s) => s.online);
  const title = useConversationTitle(details?.conversation ?? null);
  const [failed, setFailed] = useState<string | null>(null);
  // Re-renders the files below when the native app's media ticket changes.
  useMediaUrl(null);

  useEffect(() => {
    if (!id) return;
    void useConversationsStore
      .getState()
      .loadDetails(id)
      .then((result) => setFailed(result ? null : id));
  }, [id]);

  if (!details) {
    return failed === id ? (
      <EmptyState
        icon={Info}
        title="Details unavailable"
        description="This conversation could not be loaded. It may have been deleted, or you no longer have access."
      />
    ) : (
      <div className="flex h-full items-center justify-center text-slate-400">
        <Spinner />
        <span className="sr-only">Loading details</span>
      </div>
    );
  }

  const { conversation, participants, messageCount, fileCount, recentFiles } = details;
  const stat = 'rounded-xl border border-slate-200 bg-white p-4';
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <header className="flex items-center gap-2">
        <Link
          to={conversationPath(conversation)}
          className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
          aria-label="Back to the conversation"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold text-slate-900">{title}</h1>
          {conversation.description ? (
            <p className="text-sm text-slate-600">{conversation.description}</p>
          ) : null}
        </div>
      </header>
      <dl className="grid grid-cols-3 gap-3">
        <div className={stat}>
          <dt className="text-xs text-slate-500">Members</dt>
          <dd className="text-2xl font-semibold text-slate-900">{participants.length}</dd>
        </div>
        <div className={stat}>
          <dt className="text-xs text-slate-500">Messages</dt>
          <dd className="text-2xl font-semibold text-slate-900">{messageCount}</dd>
        </div>
        <div className={stat}>
          <dt className="text-xs text-slate-500">Files</dt>
          <dd className="text-2xl font-semibold text-slate-900">{fileCount}</dd>
        </div>
      </dl>
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="text-sm font-semibold text-slate-700">
          Members
        </h2>
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {participants.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-4 py-2">
              <span className="relative">
                <UserAvatar name={p.username} src={p.avatar} />
                <span
                  className={`absolute -bottom-0.5 -right-0.5 h-3 w-3 rounded-full border-2 border-white ${online.has(p.id) ? 'bg-emerald-500' : 'bg-slate-300'}`}
                />
              </span>
              <span className="flex-1 text-sm text-slate-900">{p.username}</span>
              <span className="text-xs text-slate-500">
                {online.has(p.id) ? 'Online' : 'Offline'}
                {p.role === 'admin' ? ' · Admin' : ''}
              </span>
            </li>
          ))}
          {participants.length === 0 ? (
            <li className="px-4 py-3 text-sm text-slate-500">Open to every resident.</li>
          ) : null}
        </ul>
      </section>
      <section aria-labelledby="files-heading">
        <h2 id="files-heading" className="text-sm font-semibold text-slate-700">
          Recent files
        </h2>
        {recentFiles.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No files shared yet.</p>
        ) : (
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {recentFiles.map((file) => (
              <li key={file.id}>
                <a
                  href={mediaUrl(file.fileUrl)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:bg-slate-50"
                >
                  {file.fileType?.startsWith('image/') && (file.thumbnailUrl ?? file.fileUrl) ? (
                    <img
                      src={mediaUrl(file.thumbnailUrl ?? file.fileUrl)}
                      alt=""
                      className="h-10 w-10 rounded object-cover"
                    />
                  ) : (
                    <FileText className="h-10 w-10 p-2 text-slate-400" aria-hidden="true" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm text-slate-900">{file.fileName}</span>
                    <span className="text-xs text-slate-500">{formatBytes(file.fileSize)}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ChannelSettings key={conversation.updatedAt} conversation={conversation} />
    </div>
  );
}
