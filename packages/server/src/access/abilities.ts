import type {
  AnnouncementAbilities,
  ConversationAbilities,
  EventAbilities,
  MessageAbilities,
  PollAbilities,
  RequestAbilities,
  RequestStatus,
} from '@stoop/shared';
import type { ConversationRow, MessageRow } from '../db/schema/index.ts';
import { canManage, isAdmin, seesHiddenContent, type Viewer } from './rules.ts';

/**
 * R-ACCESS-9: what a viewer may do with each kind of object, sent with the object so that clients
 * show exactly the buttons the server would honour and hold no rule themselves. Each function
 * looks only at whether the viewer is the object's author or creator and whether they are an
 * admin, besides the object's own state: realtime sends one copy per such variant (decision 0038),
 * so a rule that looked at anything else about the viewer would need a new variant there.
 * The viewer already may read the object's conversation (the caller checked, or the socket is in
 * its room); posting follows reading (canWrite), so reading is enough to vote or react.
 */

/** Who asks, as the abilities see them: an id (empty for "any resident" or "any admin") and a role. */
export type AbilityViewer = Pick<Viewer, 'id' | 'role'>;

/** The message fields the rule looks at. */
export type MessageFacts = {
  userId: string;
  deletedAt: unknown;
  metadata: { adminHidden: boolean; bot?: unknown };
};

/** A data source's message is the source's, not the admin's who connected it. */
function authoredBy(viewer: AbilityViewer, message: MessageFacts): boolean {
  return viewer.id !== '' && viewer.id === message.userId && !message.metadata.bot;
}

/** The facts of a stored message, for the services that judge a row rather than a presented message. */
export function messageFactsOf(
  row: Pick<MessageRow, 'userId' | 'deletedAt' | 'adminHidden' | 'bot'>,
): MessageFacts {
  return {
    userId: row.userId,
    deletedAt: row.deletedAt,
    metadata: { adminHidden: row.adminHidden, bot: row.bot },
  };
}

/*
 * Why a viewer may not do something, or null when they may. Each ability below is "no refusal", and
 * the services enforce the same functions (refusals.ts turns a refusal into its status and text), so
 * the buttons a client shows and what the server honours are one rule. The order of the checks is
 * the order of the answers: who asks comes before the object's state where the calls answered so.
 */

/** Edit: a deleted message is gone for everyone; otherwise only its author edits it. */
export function messageEditRefusal(
  viewer: AbilityViewer,
  message: MessageFacts,
): 'deleted' | 'not-author' | null {
  if (message.deletedAt) return 'deleted';
  return authoredBy(viewer, message) ? null : 'not-author';
}

/** Delete: its author or an admin; a deleted message is deleted already. */
export function messageDeleteRefusal(
  viewer: AbilityViewer,
  message: MessageFacts,
): 'not-author-or-admin' | 'deleted' | null {
  if (!authoredBy(viewer, message) && !isAdmin(viewer)) return 'not-author-or-admin';
  return message.deletedAt ? 'deleted' : null;
}

/** Hide and unhide (moderation): admins, on any message but a deleted one. */
export function messageHideRefusal(
  viewer: AbilityViewer,
  message: MessageFacts,
): 'not-admin' | 'deleted' | null {
  if (!isAdmin(viewer)) return 'not-admin';
  return message.deletedAt ? 'deleted' : null;
}

/** Report: anyone but its author (a data source's message is nobody's own), while it is there. */
export function messageReportRefusal(viewer: AbilityViewer, message: MessageFacts): 'deleted' | 'own' | null {
  if (message.deletedAt) return 'deleted';
  return authoredBy(viewer, message) ? 'own' : null;
}

/**
 * Like and react: anyone who sees it whole; a hidden message's placeholder takes none, as there is
 * nothing to react to.
 */
export function messageReactRefusal(
  viewer: AbilityViewer,
  message: MessageFacts,
): 'deleted' | 'hidden' | null {
  if (message.deletedAt) return 'deleted';
  return message.metadata.adminHidden && !seesHiddenContent(viewer, message.userId) ? 'hidden' : null;
}

/** Each ability is its refusal's absence, so a deleted message takes nothing. */
export function messageAbilities(viewer: AbilityViewer, message: MessageFacts): MessageAbilities {
  return {
    edit: messageEditRefusal(viewer, message) === null,
    delete: messageDeleteRefusal(viewer, message) === null,
    hide: messageHideRefusal(viewer, message) === null,
    report: messageReportRefusal(viewer, message) === null,
    react: messageReactRefusal(viewer, message) === null,
  };
}

/** The poll fields the rule looks at; `closed` is closed early or past its closing time (polls/present.ts isClosed). */
export type PollFacts = { createdBy: string | null; closed: boolean };

/** Vote: while it is open. */
export function pollVoteRefusal(poll: Pick<PollFacts, 'closed'>): 'closed' | null {
  return poll.closed ? 'closed' : null;
}

/** End it early: the asker or an admin, while it is open. */
export function pollCloseRefusal(
  viewer: AbilityViewer,
  poll: PollFacts,
): 'not-asker-or-admin' | 'closed' | null {
  if (poll.createdBy !== viewer.id && !isAdmin(viewer)) return 'not-asker-or-admin';
  return poll.closed ? 'closed' : null;
}

export function pollAbilities(viewer: AbilityViewer, poll: PollFacts): PollAbilities {
  return { vote: pollVoteRefusal(poll) === null, close: pollCloseRefusal(viewer, poll) === null };
}

/** The event fields the rule looks at. */
export type EventFacts = { createdBy: string | null; cancelledAt: unknown };

/** Change or cancel it: its creator or an admin, until it is cancelled (an event that is over still changes). */
export function eventChangeRefusal(
  viewer: AbilityViewer,
  event: EventFacts,
): 'not-creator-or-admin' | 'cancelled' | null {
  if (event.createdBy !== viewer.id && !isAdmin(viewer)) return 'not-creator-or-admin';
  return event.cancelledAt ? 'cancelled' : null;
}

export function eventAbilities(viewer: AbilityViewer, event: EventFacts): EventAbilities {
  const mayChange = eventChangeRefusal(viewer, event) === null;
  return { edit: mayChange, cancel: mayChange };
}

/** The building request fields the rule looks at. */
export type RequestFacts = { requesterId: string; status: RequestStatus };

/** R-REQ-3 See it (and so comment on it): its requester or an admin; to anyone else it does not exist. */
export function requestViewRefusal(
  viewer: AbilityViewer,
  request: Pick<RequestFacts, 'requesterId'>,
): 'hidden' | null {
  return (viewer.id !== '' && viewer.id === request.requesterId) || isAdmin(viewer) ? null : 'hidden';
}

/** R-REQ-6 Cancel it: only its requester (not the office), only while it is open. */
export function requestCancelRefusal(
  viewer: AbilityViewer,
  request: RequestFacts,
): 'hidden' | 'not-requester' | 'not-open' | null {
  if (requestViewRefusal(viewer, request)) return 'hidden';
  if (viewer.id !== request.requesterId) return 'not-requester';
  return request.status === 'open' ? null : 'not-open';
}

/** R-REQ-5 Change its status: admins, unless its requester cancelled it. */
export function requestStatusRefusal(
  viewer: AbilityViewer,
  request: Pick<RequestFacts, 'status'>,
): 'not-admin' | 'cancelled' | null {
  if (!isAdmin(viewer)) return 'not-admin';
  return request.status === 'cancelled' ? 'cancelled' : null;
}

export function requestAbilities(viewer: AbilityViewer, request: RequestFacts): RequestAbilities {
  return {
    cancel: requestCancelRefusal(viewer, request) === null,
    changeStatus: requestStatusRefusal(viewer, request) === null,
    comment: requestViewRefusal(viewer, request) === null,
  };
}

/**
 * Edit, delete and remind of an announcement: admins (the route table lets only them call; the
 * services ask this too). Only the role counts, so every admin gets the same abilities and every
 * resident too: realtime sends one copy per role.
 */
export function announcementManageRefusal(viewer: AbilityViewer): 'not-admin' | null {
  return isAdmin(viewer) ? null : 'not-admin';
}

/**
 * Acknowledge: whoever sees it; an announcement waiting for its time is there for admins only.
 * (Acknowledging twice changes nothing, so it stays allowed.)
 */
export function announcementSeeRefusal(
  viewer: AbilityViewer,
  announcement: { sent: boolean },
): 'hidden' | null {
  return announcement.sent || isAdmin(viewer) ? null : 'hidden';
}

export function announcementAbilities(
  viewer: AbilityViewer,
  announcement: { sent: boolean },
): AnnouncementAbilities {
  const manage = announcementManageRefusal(viewer) === null;
  return {
    edit: manage,
    delete: manage,
    acknowledge: announcementSeeRefusal(viewer, announcement) === null,
  };
}

/**
 * Manage (rename, re-icon, describe, delete): a channel's creator or an admin (canManage).
 * Moderate (flag, unflag, hide, unhide): admins, on channels.
 */
export function conversationAbilities(
  viewer: AbilityViewer,
  conversation: Pick<ConversationRow, 'type' | 'createdBy'>,
): ConversationAbilities {
  const channel = conversation.type === 'channel';
  return {
    manage: channel && canManage(conversation, viewer),
    moderate: channel && isAdmin(viewer),
  };
}
