import { EventEmitter } from 'node:events';
import type { Announcement, Conversation, Message, Notification, PublicUser } from '@stoop/shared';

/**
 * Domain events, published by services after their transaction commits (transaction.ts). The realtime module maps
 * them to Socket.IO rooms; nothing else emits to sockets.
 */
export type DomainEvents = {
  'message:new': { message: Message };
  'message:updated': { message: Message };
  'message:deleted': { message: Message };
  'message:liked': { message: Message };
  'conversation:created': { conversation: Conversation };
  'conversation:updated': { conversation: Conversation; visibilityChanged: boolean };
  'conversation:deleted': { conversationId: string };
  // Accounts (mapped by realtime/accounts.ts).
  /** The account was locked: its sockets must go at once. */
  'account:locked': { userId: string };
  /** The role changed: the sockets hold the old role's rooms and must reconnect. */
  'account:role-changed': { userId: string };
  /**
   * Sessions ended (logout, sign-in over a session, password reset, set-user and its end, expiry):
   * their sockets must go at once, on every instance. `userId` ends every session of that user.
   */
  'session:ended': { sessionId: string } | { userId: string };
  /** Public fields changed (profile, role, approval); never the email. */
  'profile:updated': { user: PublicUser };
  /** An admin approved a pending account (notifications tell the resident). */
  'account:approved': { userId: string; actorId: string };
  // News (mapped by realtime/news.ts). Announcements are presented with read: false.
  'announcement:new': { announcement: Announcement };
  'announcement:updated': { announcement: Announcement };
  'announcement:deleted': { announcementId: string };
  /** A notification stored for one resident, for their sockets only. */
  'notification:new': { userId: string; notification: Notification };
};
export type DomainEventName = keyof DomainEvents;

export class EventBus {
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
