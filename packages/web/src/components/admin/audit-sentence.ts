/**
 * An audit entry as a sentence: "Ada approved Bob", "Ada hid channel #general".
 * Names fall back to what the entry kept in its details, then to "a removed account".
 */
import type { AuditEntry } from '@stoop/shared';

const REMOVED = 'a removed account';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** The actions the filter offers, with their labels; other actions still show in the list. */
export const AUDIT_ACTIONS: readonly { value: string; label: string }[] = [
  { value: 'approve', label: 'Approved' },
  { value: 'reject', label: 'Rejected sign-up' },
  { value: 'lock', label: 'Locked' },
  { value: 'unlock', label: 'Unlocked' },
  { value: 'role', label: 'Role changed' },
  { value: 'set_user', label: 'Acted as a user' },
  { value: 'set_user_end', label: 'Stopped acting as a user' },
  { value: 'announcement.create', label: 'Announcement posted' },
  { value: 'announcement.update', label: 'Announcement edited' },
  { value: 'announcement.delete', label: 'Announcement deleted' },
  { value: 'channel.flag', label: 'Channel flagged' },
  { value: 'channel.unflag', label: 'Channel unflagged' },
  { value: 'channel.hide', label: 'Channel hidden' },
  { value: 'channel.unhide', label: 'Channel shown again' },
  { value: 'message.dismiss-flags', label: 'Flags dismissed' },
  { value: 'message.hide', label: 'Message hidden' },
  { value: 'message.unhide', label: 'Message shown again' },
  { value: 'message.delete', label: 'Message deleted' },
  { value: 'billing.plan', label: 'Plan changed' },
  { value: 'request.status', label: 'Request status changed' },
  { value: 'request.cancel', label: 'Request cancelled' },
];

/** A channel named in the details, as `#name`. */
function channelOf(details: Record<string, unknown>): string {
  const name = text(details.channelName) ?? text(details.conversationName) ?? text(details.name);
  return name ? `channel #${name}` : 'a channel';
}

/** Verbs of channel and message moderation, whatever separator the action uses. */
const MODERATION_VERBS: Record<string, string> = {
  flag: 'flagged',
  unflag: 'unflagged',
  hide: 'hid',
  unhide: 'unhid',
  dismiss: 'dismissed',
  delete: 'deleted',
};

function moderation(actor: string, action: string, details: Record<string, unknown>): string | undefined {
  const words = action.toLowerCase().split(/[._:-]+/);
  const verb = words.map((w) => MODERATION_VERBS[w]).find((v) => v !== undefined);
  if (!verb) return undefined;
  if (words.includes('channel')) return `${actor} ${verb} ${channelOf(details)}`;
  if (words.includes('message')) return `${actor} ${verb} a message`;
  return undefined;
}

/** " by Bob" for a message action whose entry names the author; nothing when it names nobody. */
function byAuthor(entry: AuditEntry): string {
  const name = entry.targetName ?? text(entry.details.username);
  if (name) return ` by ${name}`;
  return entry.targetUserId ? ` by ${REMOVED}` : '';
}

export function auditSentence(entry: AuditEntry): string {
  const { details } = entry;
  const actor = entry.actorName ?? REMOVED;
  const target = entry.targetName ?? text(details.username) ?? REMOVED;
  const title = text(details.title);
  switch (entry.action) {
    case 'approve':
      return `${actor} approved ${target}`;
    case 'reject':
      return `${actor} rejected the sign-up of ${target}`;
    case 'lock':
      return details.reason === 'pending_approval'
        ? `${actor} sent ${target} back to approval`
        : `${actor} locked ${target}`;
    case 'unlock':
      return `${actor} unlocked ${target}`;
    case 'role':
      if (details.role === 'admin') return `${actor} made ${target} an admin`;
      return entry.actorId !== null && entry.actorId === entry.targetUserId
        ? `${actor} stepped down as admin`
        : `${actor} removed the admin role of ${target}`;
    case 'set_user':
      return `${actor} started acting as ${target}`;
    case 'set_user_end':
      return `${actor} stopped acting as another user`;
    case 'announcement.create':
      return title ? `${actor} posted the announcement “${title}”` : `${actor} posted an announcement`;
    case 'announcement.update':
      return `${actor} edited an announcement`;
    case 'announcement.delete':
      return title ? `${actor} deleted the announcement “${title}”` : `${actor} deleted an announcement`;
    case 'message.dismiss-flags':
      return `${actor} dismissed the flags on a message${byAuthor(entry)}`;
    case 'message.hide':
      return `${actor} hid a message${byAuthor(entry)}`;
    case 'message.unhide':
      return `${actor} showed again a message${byAuthor(entry)}`;
    case 'message.delete':
      return `${actor} deleted a message${byAuthor(entry)}`;
    case 'billing.plan': {
      const to = text(details.to);
      const from = text(details.from);
      if (!to) return `${actor} changed the plan`;
      return from ? `${actor} changed the plan from ${from} to ${to}` : `${actor} changed the plan to ${to}`;
    }
    case 'request.status': {
      // The status as the screens name it, "in progress".
      const to = text(details.to)?.replace('_', ' ');
      return to
        ? `${actor} marked a request of ${target} ${to}`
        : `${actor} changed the status of a request of ${target}`;
    }
    case 'request.cancel':
      return `${actor} cancelled a request`;
    default:
      return (
        moderation(actor, entry.action, details) ??
        (entry.targetUserId || entry.targetName
          ? `${actor}: ${entry.action} (${target})`
          : `${actor}: ${entry.action}`)
      );
  }
}
