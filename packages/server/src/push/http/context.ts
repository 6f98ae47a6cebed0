import type { FastifyInstance } from 'fastify';
import type { NoticeKind } from '@stoop/shared';
import type { Db } from '../../db/client.ts';
import { allowsPush } from '../../notification-settings/service.ts';
import { conversationRoom, userRoom } from '../../realtime/rooms.ts';
import type { PushDispatcher } from '../dispatcher.ts';
import { muteLookup, type MuteLookup } from '../mutes.ts';

/** Whether a resident has a socket open on a conversation (or, without one, any socket) right now. */
interface PresenceLookup {
  isWatching(userId: string, conversationId: string | undefined): Promise<boolean>;
}

/** What push services need: the database, the dispatcher to wake, mutes and live presence. */
export type PushContext = {
  db: Db;
  collapseMs: number;
  dispatcher: Pick<PushDispatcher, 'wake'> | undefined;
  mutes: MuteLookup;
  presence: PresenceLookup;
  /** The resident's settings let a push of this kind through now. */
  allowsPush(userId: string, kind: NoticeKind): Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The push queue's worker (push/plugin.ts). */
    pushDispatcher: PushDispatcher;
  }
}

export function pushContext(app: FastifyInstance): PushContext {
  return {
    db: app.db,
    collapseMs: app.config.PUSH_COLLAPSE_MS,
    dispatcher: app.hasDecorator('pushDispatcher') ? app.pushDispatcher : undefined,
    mutes: muteLookup(app.db),
    presence: socketPresence(app),
    allowsPush: (userId, kind) => allowsPush(app.db, userId, kind, new Date()),
  };
}

/**
 * Asks Socket.IO for the resident's own sockets (their `user:` room, across instances with the Redis
 * adapter): one lookup per push, only for the one user.
 */
function socketPresence(app: FastifyInstance): PresenceLookup {
  return {
    async isWatching(userId, conversationId) {
      if (!app.hasDecorator('io')) return false;
      const sockets = await app.io.in(userRoom(userId)).fetchSockets();
      if (!conversationId) return sockets.length > 0;
      const room = conversationRoom(conversationId);
      return sockets.some((socket) => socket.rooms.has(room));
    },
  };
}
