import { z } from 'zod';
import { dateTimeField } from './date-time.ts';
import { conversationAbilitiesSchema, messageAbilitiesSchema } from './abilities.ts';
import { linkPreviewSchema } from './link-previews.ts';
import {
  CONVERSATION_DESCRIPTION_MAX,
  CONVERSATION_NAME_MAX,
  MAX_MESSAGE_PAGE_SIZE,
  MESSAGE_CONTENT_MAX,
  MESSAGE_PAGE_SIZE,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
} from '../constants.ts';

/** R-USER-5 conversation type (also seen as conversationType). */
const conversationTypeSchema = z.enum(['direct', 'channel']);
export type ConversationType = z.infer<typeof conversationTypeSchema>;

export const idSchema = z.string().min(1).max(64);

/** R-USER-5 Conversation, as presented to a viewer who may read it. */
export const conversationSchema = z.object({
  id: z.string(),
  type: conversationTypeSchema,
  participants: z.array(z.string()),
  name: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessageAt: z.string().nullable(),
  metadata: z.object({
    adminFlaggedBy: z.array(z.string()),
    adminHidden: z.boolean(),
  }),
  /** Messages after the viewer's last read position (0 when unknown or caught up). */
  unreadCount: z.number().int().nonnegative(),
  /** What this viewer may do with it (access/abilities.ts on the server). */
  abilities: conversationAbilitiesSchema.optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Who a data source's message is shown as. */
const messageBotSchema = z.object({
  /** The integration that posted it (it may have been deleted since; the names stay). */
  integrationId: z.string(),
  /** The integration's name when it posted. */
  source: z.string(),
  /** The name shown: a webhook's `username`, else the source's name. */
  name: z.string(),
  /** A webhook's `icon_url` (http or https), else null. */
  iconUrl: z.string().nullable(),
  /** Brought in from a WhatsApp export under this sender's WhatsApp name. */
  imported: z.boolean().optional(),
});
export type MessageBot = z.infer<typeof messageBotSchema>;

/**
 * What makes a grapheme an emoji: a pictograph (with any skin tone, joiner sequence or
 * variation selector the grapheme adds), a flag (a pair of regional indicators) or a keycap.
 */
const emojiPattern = /\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|^[0-9#*]\uFE0F?\u20E3$/u;

function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count += 1;
  return count;
}

/** Whether `text` is exactly one emoji. */
export function isSingleEmoji(text: string): boolean {
  return text.length <= 32 && graphemeCount(text) === 1 && emojiPattern.test(text);
}

const emojiSchema = z
  .string()
  .min(1, 'Choose an emoji')
  .refine(isSingleEmoji, 'A reaction must be a single emoji');

/** One emoji on a message and who gave it, in the order they did. */
const reactionSchema = z.object({ emoji: z.string(), userIds: z.array(z.string()) });
export type Reaction = z.infer<typeof reactionSchema>;

/** R-USER-4, R-USER-15 Message. Deleted messages stay as tombstones: deletedAt set, content and file emptied. */
export const messageSchema = z.object({
  id: z.string(),
  userId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  content: z.string(),
  likedBy: z.array(z.string()),
  /** Ids of the replies in this message's thread, oldest first. */
  replies: z.array(z.string()),
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  thumbnailUrl: z.string().nullable(),
  /**
   * R-MSG-21: the thumbnail's size in pixels, so the list reserves its space before it loads and
   * nothing moves (null without a thumbnail or for files stored before sizes were kept; optional
   * for older servers).
   */
  thumbnailWidth: z.number().int().nullable().optional(),
  thumbnailHeight: z.number().int().nullable().optional(),
  metadata: z.object({
    userFlaggedBy: z.array(z.string()),
    adminFlaggedBy: z.array(z.string()),
    mentionedUsers: z.array(z.string()),
    /**
     * An admin hid it. Residents other than the author get it without content, file,
     * likes or mentions and show TEXTS.messageHiddenByAdmin; the author and admins get it whole.
     */
    adminHidden: z.boolean(),
    /**
     * Posted by a connected data source, shown under this name and icon instead of its
     * author's (null for people's messages; optional for clients built before it existed).
     */
    bot: messageBotSchema.nullable().optional(),
  }),
  clientMessageId: z.string().nullable(),
  /** The poll this message shows as a card (GET /api/polls/{id}), else null. */
  pollId: z.string().nullable(),
  /** The event this message shows as a card (GET /api/events/{id}), else null. */
  eventId: z.string().nullable(),
  /** Position in the change feed of the last change to this message (R-DELIVERY-2: one sequence). */
  seq: z.number().int(),
  /**
   * R-RECEIPT-1: its place in the order of creation, which later changes leave alone; read
   * positions count in it (optional for older servers).
   */
  createdSeq: z.number().int().optional(),
  /** Emoji reactions besides the like, oldest first (optional for older clients). */
  reactions: z.array(reactionSchema).optional(),
  /** The card of the message's first link, once fetched (optional for older servers). */
  linkPreview: linkPreviewSchema.nullable().optional(),
  /** What this viewer may do with it (access/abilities.ts on the server). */
  abilities: messageAbilitiesSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

// ---- Requests -------------------------------------------------------------------------------

export const conversationIdParamsSchema = z.object({ id: idSchema });

/** POST /api/conversations (JSON for direct; multipart with icon for a channel). */
export const createConversationBodySchema = z
  .object({
    type: conversationTypeSchema,
    participantIds: z.array(idSchema).max(50).default([]),
    name: z.string().trim().max(CONVERSATION_NAME_MAX).default(''),
    description: z.string().trim().max(CONVERSATION_DESCRIPTION_MAX).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'channel' && value.name.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'A channel needs a name' });
    }
    if (value.type === 'direct' && value.participantIds.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['participantIds'],
        message: 'A direct conversation needs exactly one other participant',
      });
    }
  });
export type CreateConversationBody = z.infer<typeof createConversationBodySchema>;

/** PATCH /api/conversations/{id} (multipart: name, description, icon). */
export const updateConversationBodySchema = z.object({
  name: z.string().trim().min(1).max(CONVERSATION_NAME_MAX).optional(),
  description: z.string().trim().max(CONVERSATION_DESCRIPTION_MAX).optional(),
});

/**
 * The ways to page GET /api/conversations/{id}/messages, each a set of query fields; a request uses
 * at most one of them (no fields at all: the newest page). docs/decisions/0007-message-window-paging.md
 */
const MESSAGE_PAGING_MODES = {
  before: ['beforeDate', 'beforeId'],
  after: ['afterDate', 'afterId'],
  around: ['around'],
} as const;

/**
 * GET /api/conversations/{id}/messages: keyset by (createdAt, id). Older than a cursor (beforeDate,
 * beforeId), newer than one (afterDate, afterId), or a window around one message (around).
 */
export const messagesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_MESSAGE_PAGE_SIZE).default(MESSAGE_PAGE_SIZE),
    beforeDate: dateTimeField('beforeDate').optional(),
    // Checked as a message id by the service, as it always was (400 naming beforeId).
    beforeId: idSchema.optional(),
    afterDate: dateTimeField('afterDate').optional(),
    afterId: z.uuid('afterId is not a message id').optional(),
    around: z.uuid('around is not a message id').optional(),
  })
  .superRefine((query, ctx) => {
    let modeInUse: readonly string[] | null = null;
    for (const fields of Object.values(MESSAGE_PAGING_MODES)) {
      const given = fields.find((field) => query[field] !== undefined);
      if (given === undefined) continue;
      if (modeInUse === null) {
        modeInUse = fields;
        continue;
      }
      ctx.addIssue({
        code: 'custom',
        path: [given],
        message: `${given} cannot be combined with ${modeInUse.join(' or ')}`,
      });
      return;
    }
    // An id alone is no position: (createdAt, id) needs its date.
    if (query.afterId !== undefined && query.afterDate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['afterDate'], message: 'afterId needs afterDate' });
    }
  });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messagesPageSchema = z.object({
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** Older top-level messages exist before the first one returned. */
  hasMore: z.boolean(),
  /** Newer top-level messages exist after the last one returned; false for the newest page. */
  hasNewer: z.boolean(),
  conversation: conversationSchema,
  /**
   * R-MSG-22: how many messages were unread for the caller before this newest page marked them
   * read (only on a page that did), so the "New messages" line knows where it goes even when the
   * page came before the conversation list (a reload).
   */
  unreadBefore: z.number().int().nonnegative().optional(),
  /**
   * R-MSG-22: the first of those unread messages (top-level, of others), from the read position the
   * caller had: the line goes above it even when the client's own window or count was behind.
   */
  firstUnreadId: z.string().optional(),
});

/** POST /api/conversations/{id}/messages (multipart fields besides the optional file). */
export const sendMessageFieldsSchema = z.object({
  content: z.string().max(MESSAGE_CONTENT_MAX).default(''),
  parentMessageId: idSchema.optional(),
  clientMessageId: z.string().min(1).max(64).optional(),
});

export const editMessageBodySchema = z.object({
  content: z.string().trim().min(1, 'A message cannot be empty').max(MESSAGE_CONTENT_MAX),
});

/** A report's reason (optional: a flag without one is a report too). */
export const reportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const flagMessageBodySchema = z.object({
  messageId: idSchema,
  reason: reportReasonSchema.optional(),
  /** Free text, with "other" or to add to another reason. */
  note: z.string().trim().max(REPORT_NOTE_MAX).optional(),
});

/** DELETE /api/conversations/{id}/flag/{messageId} */
export const withdrawFlagParamsSchema = z.object({ id: idSchema, messageId: idSchema });

/** DELETE /api/messages/{id}/reactions/{emoji} */
export const reactionParamsSchema = z.object({ id: idSchema, emoji: emojiSchema });
/** POST /api/messages/{id}/reactions */
export const reactionBodySchema = z.object({ emoji: emojiSchema });

export const threadSchema = z.object({
  conversationId: z.string(),
  parent: messageSchema,
  replies: z.array(messageSchema),
});
export type Thread = z.infer<typeof threadSchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Search needs a query').max(200),
  limit: z.coerce.number().int().min(1).max(MAX_MESSAGE_PAGE_SIZE).default(MESSAGE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
/** R-SEARCH-6: where a result's words are, as [start, end) offsets into its snippet (no markup). */
const searchHitSchema = z.object({
  messageId: z.string(),
  conversationType: conversationTypeSchema,
  /** The channel's name, or the other participant's username for a direct conversation. */
  conversationName: z.string(),
  snippet: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
/**
 * R-SEARCH-7: `hits[i]` describes `messages[i]`. The count stops at SEARCH_CANDIDATES; when it
 * did, `totalIsLowerBound` is true and the client shows "200+".
 */
export const searchResultSchema = z.object({
  messages: z.array(messageSchema),
  hits: z.array(searchHitSchema),
  total: z.number().int(),
  totalIsLowerBound: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** GET /api/sync?after=seq: every message change the caller may see after seq. */
export const syncQuerySchema = z.object({
  after: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
export const syncResultSchema = z.object({
  changes: z.array(messageSchema),
  next: z.number().int(),
  hasMore: z.boolean(),
});

export const conversationDetailsSchema = z.object({
  conversation: conversationSchema,
  participants: z.array(
    z.object({ id: z.string(), username: z.string(), avatar: z.string().nullable(), role: z.string() }),
  ),
  messageCount: z.number().int(),
  fileCount: z.number().int(),
  recentFiles: z.array(messageSchema),
});
export type ConversationDetails = z.infer<typeof conversationDetailsSchema>;

// ---- Response envelopes (the server wraps single objects, like `{user}` elsewhere) ------------

/**
 * POST /api/conversations/{id}/read: the reader has seen everything up to this change-feed position
 * (the `seq` of the newest message shown), e.g. messages that arrived live in an open conversation.
 */
export const markReadBodySchema = z.object({ seq: z.number().int().nonnegative() });

export const conversationResponseSchema = z.object({ conversation: conversationSchema });
export const conversationsListResponseSchema = z.object({ conversations: z.array(conversationSchema) });
export const messageResponseSchema = z.object({ message: messageSchema });
export type MessagesPage = z.infer<typeof messagesPageSchema>;
export type SyncResult = z.infer<typeof syncResultSchema>;
