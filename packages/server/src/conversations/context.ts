import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { EventBus } from '../realtime/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain events of chat, published after commit and mapped to sockets by src/realtime. */
    chatBus: EventBus;
  }
}

/** What chat services need: the database, the event bus and the upload settings. */
export type ChatContext = { db: Db; bus: EventBus; uploadDir: string; attachmentMaxBytes: number };

export function chatContext(app: FastifyInstance): ChatContext {
  return {
    db: app.db,
    bus: app.chatBus,
    uploadDir: app.config.UPLOAD_DIR,
    attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES,
  };
}

/** Decorates the app with its bus once; the chat plugins share it. */
export function ensureChatBus(app: FastifyInstance): EventBus {
  if (!app.hasDecorator('chatBus')) app.decorate('chatBus', new EventBus());
  return app.chatBus;
}
