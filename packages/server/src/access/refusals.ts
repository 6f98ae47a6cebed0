import type { EventRow, MessageRow } from '../db/schema/index.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors.ts';
import {
  announcementManageRefusal,
  announcementSeeRefusal,
  eventChangeRefusal,
  requestCancelRefusal,
  requestStatusRefusal,
  requestViewRefusal,
  type RequestFacts,
  messageDeleteRefusal,
  messageEditRefusal,
  messageFactsOf,
  messageHideRefusal,
  messageReactRefusal,
  messageReportRefusal,
  pollCloseRefusal,
  pollVoteRefusal,
  type AbilityViewer,
  type PollFacts,
} from './abilities.ts';
import { MESSAGE_NOT_FOUND } from './message.ts';
import { ONLY_ADMINS } from './rules.ts';

/**
 * The services' side of abilities.ts: each call that an ability stands for asks the same refusal
 * function and answers its refusal here, with the status and text the call has always answered.
 * The caller has already checked that the viewer may see the object (a 404 otherwise).
 */

const POLL_CLOSED = 'This poll is closed and takes no more votes';
export const POLL_ALREADY_CLOSED = 'This poll is already closed';
export const EVENT_CANCELLED = 'This event is cancelled';
const ONLY_AUTHOR_EDITS = 'Only the author can edit a message';
const ONLY_AUTHOR_REMOVES_PREVIEW = 'Only the author can remove a link preview';
const ONLY_AUTHOR_OR_ADMIN_DELETES = 'Only the author or an admin can delete a message';
const ONLY_ASKER_CLOSES = 'Only the resident who asked this poll, or an admin, can close it';
const ONLY_CREATOR_CHANGES = 'Only the resident who created this event, or an admin, can change or cancel it';

/** PUT /api/messages/{id}: a deleted message is a 404 as one never sent; anyone but its author a 403. */
export function requireMessageEdit(viewer: AbilityViewer, message: MessageRow): void {
  const refusal = messageEditRefusal(viewer, messageFactsOf(message));
  if (refusal === 'deleted') throw new NotFound(MESSAGE_NOT_FOUND);
  if (refusal === 'not-author') throw new Forbidden(ONLY_AUTHOR_EDITS);
}

/**
 * DELETE /api/messages/{id}/link-preview: the card is part of what its author wrote, so taking it off
 * is theirs as editing is (the web offers it where `edit` is true). A deleted message is a 404 as
 * one never sent; anyone but its author a 403.
 */
export function requireLinkPreviewRemoval(viewer: AbilityViewer, message: MessageRow): void {
  const refusal = messageEditRefusal(viewer, messageFactsOf(message));
  if (refusal === 'deleted') throw new NotFound(MESSAGE_NOT_FOUND);
  if (refusal === 'not-author') throw new Forbidden(ONLY_AUTHOR_REMOVES_PREVIEW);
}

/**
 * DELETE /api/messages/{id}: anyone but its author or an admin is a 403. Answers whether the message
 * is deleted already, which the call answers with the tombstone, changing nothing (R-ERR-4).
 */
export function requireMessageDelete(
  viewer: AbilityViewer,
  message: MessageRow,
): { alreadyDeleted: boolean } {
  const refusal = messageDeleteRefusal(viewer, messageFactsOf(message));
  if (refusal === 'not-author-or-admin') throw new Forbidden(ONLY_AUTHOR_OR_ADMIN_DELETES);
  return { alreadyDeleted: refusal === 'deleted' };
}

const MESSAGE_HIDDEN = 'This message was hidden by an admin';
const OWN_MESSAGE_NOT_REPORTED = 'You cannot report your own message';

/**
 * POST /api/admin/messages/{id}/hide and /unhide: anyone but an admin is a 403 (as the route table
 * answers), a deleted message a 404 as one never sent.
 */
export function requireMessageHide(viewer: AbilityViewer, message: MessageRow): void {
  const refusal = messageHideRefusal(viewer, messageFactsOf(message));
  if (refusal === 'not-admin') throw new Forbidden(ONLY_ADMINS);
  if (refusal === 'deleted') throw new NotFound(MESSAGE_NOT_FOUND);
}

/** POST /api/conversations/{id}/flag: a deleted message is a 404 as one never sent; its author a 403. */
export function requireMessageReport(viewer: AbilityViewer, message: MessageRow): void {
  const refusal = messageReportRefusal(viewer, messageFactsOf(message));
  if (refusal === 'deleted') throw new NotFound(MESSAGE_NOT_FOUND);
  if (refusal === 'own') throw new Forbidden(OWN_MESSAGE_NOT_REPORTED);
}

/**
 * Liking, unliking, reacting and taking a reaction back: a deleted message is a 404 as one never
 * sent; a hidden one, to those who see only its placeholder, a 400.
 */
export function requireMessageReact(viewer: AbilityViewer, message: MessageRow): void {
  const refusal = messageReactRefusal(viewer, messageFactsOf(message));
  if (refusal === 'deleted') throw new NotFound(MESSAGE_NOT_FOUND);
  if (refusal === 'hidden') throw new Invalid(MESSAGE_HIDDEN);
}

/** POST /api/polls/{id}/votes: a closed poll (closed early or past its time) is a 409. */
export function requirePollVote(poll: Pick<PollFacts, 'closed'>): void {
  if (pollVoteRefusal(poll) === 'closed') throw new Conflict(POLL_CLOSED);
}

/** POST /api/polls/{id}/close: anyone but the asker or an admin is a 403; a closed poll a 409. */
export function requirePollClose(viewer: AbilityViewer, poll: PollFacts): void {
  const refusal = pollCloseRefusal(viewer, poll);
  if (refusal === 'not-asker-or-admin') throw new Forbidden(ONLY_ASKER_CLOSES);
  if (refusal === 'closed') throw new Conflict(POLL_ALREADY_CLOSED);
}

/** PATCH and DELETE /api/events/{id}: anyone but its creator or an admin is a 403; a cancelled event a 409. */
export function requireEventChange(
  viewer: AbilityViewer,
  event: Pick<EventRow, 'createdBy' | 'cancelledAt'>,
): void {
  const refusal = eventChangeRefusal(viewer, event);
  if (refusal === 'not-creator-or-admin') throw new Forbidden(ONLY_CREATOR_CHANGES);
  if (refusal === 'cancelled') throw new Conflict(EVENT_CANCELLED);
}

export const REQUEST_NOT_FOUND = 'Request not found';
const ONLY_REQUESTER_CANCELS = 'Only the resident who filed a request can cancel it';
const ONLY_OPEN_CANCELS = 'Only an open request can be cancelled';
const REQUEST_CANCELLED = 'The resident cancelled this request';
export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found';

/** Reading a request, its photo, or commenting on it: anyone but its requester or an admin is a 404. */
export function requireRequestView(viewer: AbilityViewer, request: Pick<RequestFacts, 'requesterId'>): void {
  if (requestViewRefusal(viewer, request)) throw new NotFound(REQUEST_NOT_FOUND);
}

/** POST /api/requests/{id}/cancel: unseen a 404, the office a 403, a request no longer open a 409. */
export function requireRequestCancel(viewer: AbilityViewer, request: RequestFacts): void {
  const refusal = requestCancelRefusal(viewer, request);
  if (refusal === 'hidden') throw new NotFound(REQUEST_NOT_FOUND);
  if (refusal === 'not-requester') throw new Forbidden(ONLY_REQUESTER_CANCELS);
  if (refusal === 'not-open') throw new Conflict(ONLY_OPEN_CANCELS, 'status');
}

/**
 * PATCH /api/requests/{id}: a resident is a 403 (the route table already answers so, with this
 * text), a cancelled request a 409. Setting the status it has is a 409 of the service's own.
 */
export function requireRequestStatusChange(
  viewer: AbilityViewer,
  request: Pick<RequestFacts, 'status'>,
): void {
  const refusal = requestStatusRefusal(viewer, request);
  if (refusal === 'not-admin') throw new Forbidden(ONLY_ADMINS);
  if (refusal === 'cancelled') throw new Conflict(REQUEST_CANCELLED, 'status');
}

/** PATCH, DELETE, receipts and remind of an announcement: a resident is a 403 (as the route table answers). */
export function requireAnnouncementManage(viewer: AbilityViewer): void {
  if (announcementManageRefusal(viewer)) throw new Forbidden(ONLY_ADMINS);
}

/** Reading or acknowledging an announcement: one still waiting for its time is a 404 to residents. */
export function requireAnnouncementSeen(viewer: AbilityViewer, announcement: { sent: boolean }): void {
  if (announcementSeeRefusal(viewer, announcement)) throw new NotFound(ANNOUNCEMENT_NOT_FOUND);
}
