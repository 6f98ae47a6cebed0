import { z } from 'zod';
import { INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS, INVITE_MAX_USES } from '../constants.ts';
import { publicUserSchema } from './user.ts';

// ---- WhatsApp import ----

const idSchema = z.string().uuid('must be an id');

/** What to do with WhatsApp's own lines (encryption notice, joins, "This message was deleted"). */
export const IMPORT_SYSTEM_LINES = ['keep', 'skip'] as const;

/** A sender of the export and the resident their messages go to (null: shown under the WhatsApp name). */
const importSenderSchema = z.object({
  name: z.string().min(1).max(200),
  userId: idSchema.nullable(),
});
export type ImportSender = z.infer<typeof importSenderSchema>;

/** Multipart text fields of the preview call (the file is `file`). */
export const importPreviewFieldsSchema = z.object({
  /** IANA time zone the export's clock times are read in (the admin's browser sends its own). */
  timeZone: z
    .string()
    .max(64)
    .refine((zone) => isTimeZone(zone), 'must be a time zone such as Europe/Berlin')
    .default('UTC'),
});

/** Multipart text fields of the import call (the file is `file`). */
export const importFieldsSchema = importPreviewFieldsSchema.extend({
  conversationId: idSchema,
  systemLines: z.enum(IMPORT_SYSTEM_LINES).default('keep'),
  /** JSON array of {name, userId}: the admin's mapping; senders left out are matched by name. */
  senders: z
    .string()
    .max(200_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return [];
      try {
        const parsed = z.array(importSenderSchema).max(5000).safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of {name, userId}' });
      return z.NEVER;
    }),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const previewMessageSchema = z.object({
  at: z.string(),
  sender: z.string().nullable(),
  text: z.string(),
  kind: z.enum(['message', 'system']),
  attachment: z.string().nullable(),
});

/** POST /api/admin/imports/whatsapp/preview: what would be imported, nothing written. */
export const importPreviewSchema = z.object({
  platform: z.enum(['android', 'ios']),
  dateOrder: z.enum(['day-first', 'month-first', 'year-first']),
  messages: z.number().int(),
  systemLines: z.number().int(),
  attachments: z.number().int(),
  /** Attachments named in the text that the upload does not hold (a .txt, or a zip without them). */
  attachmentsMissing: z.number().int(),
  first: z.array(previewMessageSchema),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Every sender with the resident they match by name (null: none). */
  senders: z.array(importSenderSchema.extend({ messages: z.number().int() })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** POST /api/admin/imports/whatsapp: 201. */
export const importResultSchema = z.object({
  id: z.string(),
  imported: z.number().int(),
  skipped: z.number().int(),
  senders: z.array(importSenderSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const IMPORT_STATUSES = ['running', 'done', 'failed', 'undone'] as const;

/** One import in the admins' list, with its progress while it runs. */
const importSummarySchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  conversationName: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  admin: publicUserSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
export const importsListSchema = z.object({ data: z.array(importSummarySchema) });
export const importIdParamsSchema = z.object({ id: idSchema });

// ---- Lobby invitations ----

export const createInviteBodySchema = z.object({
  /** Days until the link stops working. */
  expiresInDays: z.number().int().min(1).max(INVITE_MAX_DAYS).default(INVITE_DEFAULT_DAYS),
  /** How many sign-ups the link admits. */
  maxUses: z.number().int().min(1).max(INVITE_MAX_USES).default(100),
  /** Residents who join through it are approved at once, or still wait for an admin. */
  approveAtOnce: z.boolean().default(false),
  /** A note for the admins ("Lobby poster, tower B"). */
  label: z.string().trim().max(100).default(''),
});

export const inviteSchema = z.object({
  id: z.string(),
  url: z.string(),
  code: z.string(),
  label: z.string(),
  expiresAt: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  approveAtOnce: z.boolean(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: publicUserSchema.nullable(),
  /** The residents who signed up through it, oldest first. */
  joined: z.array(publicUserSchema.extend({ joinedAt: z.string() })),
});
export type Invite = z.infer<typeof inviteSchema>;
export const invitesListSchema = z.object({ data: z.array(inviteSchema), buildingName: z.string() });
export const inviteIdParamsSchema = z.object({ id: idSchema });

/** Invitation codes: letters and digits without look-alikes, easy to type from a poster. */
const inviteCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-HJ-NP-Z2-9]{8}$/, 'must be the 8-character code from the invitation');
export const inviteCodeParamsSchema = z.object({ code: inviteCodeSchema });

/** GET /api/invites/{code}: what the sign-up page shows before the form (public). */
export const inviteLookupSchema = z.object({
  code: z.string(),
  buildingName: z.string(),
  approveAtOnce: z.boolean(),
  expiresAt: z.string(),
});
export type InviteLookup = z.infer<typeof inviteLookupSchema>;

/** The building's name on posters and the sign-up page. */
export const buildingNameBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
});
export const buildingNameSchema = z.object({ name: z.string() });
