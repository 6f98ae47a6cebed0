/**
 * Fitting a batch into the 2 MB payload limit (R-LOG-6): the batch is halved until it fits; a
 * single entry that is still too large has its message cut to 1000 characters.
 */
import {
  LOG_MAX_PAYLOAD_BYTES,
  LOG_OVERSIZE_MESSAGE_CHARS,
  type LogBatch,
  type LogEntry,
} from '@stoop/shared';

export function payloadBytes(batch: LogBatch): number {
  return new TextEncoder().encode(JSON.stringify(batch)).length;
}

export interface BatchMetaInput {
  userAgent: string;
  sessionId: string;
  now: Date;
}

export function buildBatch(logs: LogEntry[], meta: BatchMetaInput): LogBatch {
  return {
    logs,
    meta: {
      userAgent: meta.userAgent,
      timestamp: meta.now.toISOString(),
      batchSize: logs.length,
      sessionId: meta.sessionId,
    },
  };
}

/** Cuts an oversize entry: message to 1000 characters; a stack and context that still overflow go. */
function shrinkEntry(entry: LogEntry, meta: BatchMetaInput, maxBytes = LOG_MAX_PAYLOAD_BYTES): LogEntry {
  const cut: LogEntry = { ...entry, message: entry.message.slice(0, LOG_OVERSIZE_MESSAGE_CHARS) };
  if (payloadBytes(buildBatch([cut], meta)) <= maxBytes) return cut;
  // The spec only names the message; anything else that keeps one entry over 2 MB is dropped so
  // the entry can still reach the server rather than being lost whole.
  const bare: LogEntry = { ...cut, context: { _truncated: true } };
  if (cut.error) {
    bare.error = {
      name: cut.error.name.slice(0, LOG_OVERSIZE_MESSAGE_CHARS),
      message: cut.error.message.slice(0, LOG_OVERSIZE_MESSAGE_CHARS),
    };
  }
  return bare;
}

/**
 * Takes the first batch that fits from `entries`: tries them all, then half, then a quarter, and
 * so on. Returns the entries to send (one shrunk entry when even a single one is over the limit)
 * and how many of the input they consumed.
 */
export function fitBatch(
  entries: LogEntry[],
  meta: BatchMetaInput,
  maxBytes = LOG_MAX_PAYLOAD_BYTES,
): { logs: LogEntry[]; consumed: number } {
  let size = entries.length;
  while (size > 1) {
    const slice = entries.slice(0, size);
    if (payloadBytes(buildBatch(slice, meta)) <= maxBytes) return { logs: slice, consumed: size };
    size = Math.floor(size / 2);
  }
  const first = entries[0];
  if (!first) return { logs: [], consumed: 0 };
  if (payloadBytes(buildBatch([first], meta)) <= maxBytes) return { logs: [first], consumed: 1 };
  return { logs: [shrinkEntry(first, meta, maxBytes)], consumed: 1 };
}
