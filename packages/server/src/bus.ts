import { EventEmitter } from 'node:events';
import type { EndedSessions } from './auth/end-sessions.ts';
import type {
  Announcement,
  BuildingRequest,
  Conversation,
  Message,
  Notification,
  Poll,
  CalendarEvent,
  Integration,
  PublicUser,
  RequestStatus,
  Role,
} from '@stoop/shared';

/** What happened to a building request, for the notification its requester gets. */
export type RequestChange =
  | { kind: 'filed'; actorId: string }
  | { kind: 'status'; actorId: string; from: RequestStatus; to: RequestStatus; note: string | null }
  | { kind: 'comment'; actorId: string; byOffice: boolean; text: string };

/**
 * Domain events, published by services after their transaction commits (transaction.ts). Each
 * domain's sockets.ts maps its own to Socket.IO rooms.
 */
export type DomainEvents = {
  /** `authorRole`: the sender's, who is the acting user (their copy needs no lookup, realtime/variants.ts). */
  'message:new': { message: Message; authorRole: Role };
  'message:updated': { message: Message };
  'message:deleted': { message: Message };
  'message:liked': { message: Message };
  /**
   * Its author edited the message's text (it also went out as `message:updated`). Internal: no
   * socket hears it; link previews fetch the card of a new first link on it.
   */
  'message:edited': { message: Message };
  'conversation:created': { conversation: Conversation };
  'conversation:updated': { conversation: Conversation; visibilityChanged: boolean };
  'conversation:deleted': { conversationId: string };
  /**
   * R-RECEIPT-3: a participant's read position moved; for the other participants' own sockets
   * (`recipientIds`: those who share receipts, decided by conversations/read-receipts.ts).
   */
  'conversation:read': {
    conversationId: string;
    userId: string;
    lastReadSeq: number;
    recipientIds: string[];
  };
  /**
   * A participant turned read receipts off, so their position is taken back from the other
   * participants who share (`recipientIds`); turning them on again publishes `conversation:read`.
   */
  'conversation:read-withdrawn': { conversationId: string; userId: string; recipientIds: string[] };
  // Accounts (mapped by users/sockets.ts; session:ended by realtime/session-ends.ts).
  /** The account was locked: its sockets hear of it (`user:locked`) before `session:ended` ends them. */
  'account:locked': { userId: string };
  /**
   * Sessions ended, published only by endSessions (auth/end-sessions.ts): every logout, sign-in over
   * a session, sign-out everywhere, password change or reset, account deletion and expiry, and every
   * set-user, lock and role change. Their sockets must go at once, on every instance.
   */
  'session:ended': EndedSessions;
  /** Public fields changed (profile, role, approval); never the email. */
  'profile:updated': { user: PublicUser };
  /**
   * A resident turned sharing read receipts on or off (PUT /api/profile): their own
   * sockets hear of it (users/sockets.ts), and conversations/subscriber.ts tells the other
   * participants of their conversations.
   */
  'read-receipts:changed': { userId: string; shareReadReceipts: boolean };
  /** An admin approved a pending account (notifications tell the resident). */
  'account:approved': { userId: string; actorId: string };
  // News (mapped by announcements/sockets.ts and notifications/sockets.ts). Announcements are presented with read: false.
  'announcement:new': { announcement: Announcement };
  'announcement:updated': { announcement: Announcement };
  'announcement:deleted': { announcementId: string };
  /** An admin asked to remind `userIds` (those who have not seen it): told again. */
  'announcement:remind': { announcement: Announcement; userIds: string[] };
  /** Its receipts changed (a delivery, a read, an acknowledgement): to admins. */
  'announcement:receipts': { announcementId: string };
  /** A resident acknowledged it: every banner of theirs goes. */
  'announcement:acknowledged': { announcementId: string; userId: string };
  /**
   * A notification stored for one resident, for their sockets only (and their devices' pushes).
   * `urgent`: an urgent announcement's, which a push sends at high urgency through any mute.
   * `conversation`: its conversation when the notifier had it at hand, so the push needs no read.
   */
  'notification:new': {
    userId: string;
    notification: Notification;
    urgent?: boolean;
    conversation?: Pick<Conversation, 'id' | 'type' | 'name'>;
  };
  /** A poll's counts changed: to its conversation's room (polls/sockets.ts). */
  'poll:updated': { poll: Poll };
  /** An event's counts changed: to its conversation's room (events/sockets.ts). */
  'event:updated': { event: CalendarEvent };
  /** A building request was filed or changed (mapped by requests/sockets.ts to its requester and admins). */
  'request:updated': { request: BuildingRequest; requesterId: string; change: RequestChange };
  /**
   * A data source was connected, changed or posted, mapped by integrations/sockets.ts:
   * `admin` to admins, `resident` (public fields only) to its channel's readers; `movedFrom` is the
   * channel it left, if it moved.
   */
  'integration:changed': { admin: Integration; resident: Integration; movedFrom: string | null };
  /** A data source was deleted: to admins and its channel's readers. */
  'integration:deleted': { integrationId: string; conversationId: string };
};
export type DomainEventName = keyof DomainEvents;

export class DomainEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per realtime server plus tests; no leak warnings for a handful.
    this.emitter.setMaxListeners(50);
  }

  publish<E extends DomainEventName>(event: E, payload: DomainEvents[E]): void {
    this.emitter.emit(event, payload);
  }

  on<E extends DomainEventName>(event: E, listener: (payload: DomainEvents[E]) => void): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }
}
