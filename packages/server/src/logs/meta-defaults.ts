/**
 * A web client of another version may send log batches whose `meta` (of the batch or of an entry)
 * lacks fields this server expects. Losing those logs to a 400 would hide exactly the errors of
 * mismatched versions, so missing meta fields are filled in from what the server knows: its own
 * clock, the request's User-Agent and the batch's length. Present fields are kept as sent and
 * still validated by the shared schema.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withDefaults(meta: unknown, defaults: Json): unknown {
  if (meta !== undefined && !isObject(meta)) return meta; // a wrong type stays a 400
  const given: Json = meta ?? {};
  const missing = Object.keys(defaults).filter((key) => given[key] === undefined);
  if (missing.length === 0) return given;
  const filled: Json = { ...given };
  for (const key of missing) filled[key] = defaults[key];
  return filled;
}

/** Returns the body with missing batch and entry meta fields filled in; other shapes untouched. */
export function fillMissingMeta(body: unknown, userAgent: string | undefined, now = new Date()): unknown {
  if (!isObject(body)) return body;
  const timestamp = now.toISOString();
  const logs = Array.isArray(body.logs)
    ? body.logs.map((entry: unknown) =>
        isObject(entry) ? { ...entry, meta: withDefaults(entry.meta, { timestamp }) } : entry,
      )
    : body.logs;
  const batchDefaults: Json = {
    timestamp,
    userAgent: (userAgent ?? 'unknown').slice(0, 1024),
    ...(Array.isArray(body.logs) && body.logs.length > 0 ? { batchSize: body.logs.length } : {}),
  };
  return { ...body, logs, meta: withDefaults(body.meta, batchDefaults) };
}
