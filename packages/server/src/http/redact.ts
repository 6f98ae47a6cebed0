import type { FastifyRequest } from 'fastify';

/**
 * R-OPS-20: secrets that travel in an address (a webhook's secret, a calendar feed's token) never
 * reach a log line or an error report: the address is logged with them replaced. Metric labels use
 * the route's pattern (`/api/hooks/:id/:secret`), which holds none.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/api\/hooks\/[^/?#]+\/)[^/?#]+/, '$1[redacted]'],
  [/^(\/api\/calendar\/)(?!feed-url(?:[?#]|$))[^/?#]+?(\.ics)/, '$1[redacted]$2'],
];
const SECRET_QUERY = /([?&](?:token|secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let redacted = url;
  for (const [pattern, replacement] of SECRET_PATHS) redacted = redacted.replace(pattern, replacement);
  return redacted.replace(SECRET_QUERY, '$1[redacted]');
}

/** Pino's request serializer with the address redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort ?? 0,
  };
}
