/**
 * Client diagnostic log batch (R-USER-13 log entry, R-API-2 POST /api/logs/frontend). The web logger
 * builds it and the server intake validates it with the same schema.
 */
import { z } from 'zod';
import { LOG_QUEUE_CAP, LOG_OVERSIZE_MESSAGE_CHARS } from '../constants.ts';

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
const logLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof logLevelSchema>;

/** Generous caps on the server side; the client already trims (R-LOG-7 logger limits). */
const MAX_TEXT = 64 * 1024;

const logErrorSchema = z.object({
  name: z.string().max(LOG_OVERSIZE_MESSAGE_CHARS),
  message: z.string().max(MAX_TEXT),
  stack: z.string().max(MAX_TEXT).optional(),
});

const logEntryMetaSchema = z
  .object({
    timestamp: z.string().max(64),
    url: z.string().max(2048).optional(),
    sessionId: z.string().max(128).optional(),
  })
  .catchall(z.unknown());

const logEntrySchema = z.object({
  level: logLevelSchema,
  message: z.string().max(MAX_TEXT),
  context: z.record(z.string(), z.unknown()),
  meta: logEntryMetaSchema,
  error: logErrorSchema.optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

const logBatchMetaSchema = z.object({
  userAgent: z.string().max(1024),
  timestamp: z.string().max(64),
  batchSize: z.number().int().min(1).max(LOG_QUEUE_CAP),
  sessionId: z.string().max(128).optional(),
});

export const logBatchSchema = z.object({
  logs: z.array(logEntrySchema).min(1).max(LOG_QUEUE_CAP),
  meta: logBatchMetaSchema,
});
export type LogBatch = z.infer<typeof logBatchSchema>;
