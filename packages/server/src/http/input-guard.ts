import { keepRawBody } from './raw-body.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { Invalid } from '../errors.ts';

/**
 * Refuses input no route can store, once for all routes, before any handler runs: PostgreSQL
 * refuses NUL (U+0000) in text, so a NUL in the address, a JSON body or a multipart field would
 * otherwise end as a 500 deep in a query; and JSON nested deeper than any real payload would
 * exhaust the stack of whatever walks it next (validation, serialization).
 */
const MAX_JSON_DEPTH = 64;

const NUL = '\u0000';

const nulIn = (field: string | undefined) =>
  new Invalid(`${field ?? 'The request'}: must not contain NUL characters`, field);

/** The path of the first string (or key) containing NUL inside a parsed JSON value; '' for the root. */
function findNul(value: unknown, at: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? at.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes(NUL)) return [...at, key.replaceAll(NUL, '')].join('.');
    const found = findNul(child, [...at, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Nesting depth of JSON text without parsing it; brackets inside strings do not count. */
function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/** The query parameter holding a NUL, if any ('' when only the path has one). */
function nulInAddress(request: FastifyRequest): string | undefined {
  const url = request.url;
  if (!url.includes('%00') && !url.includes(NUL)) return undefined;
  const query = request.query;
  if (query && typeof query === 'object') {
    const found = findNul(query);
    if (found) return found;
  }
  return '';
}

/** R-API-42: a part whose Content-Disposition carries no name belongs to no field of any form. */
const NAMELESS_PART = 'Every part of a form needs a name (Content-Disposition: form-data; name="…")';

async function* refuseNulFields(parts: AsyncIterableIterator<Multipart>): AsyncIterableIterator<Multipart> {
  for await (const part of parts) {
    // The parser hands such a part on with fieldname undefined, whatever its declared type says.
    const name = part.fieldname as string | undefined;
    if (typeof name !== 'string' || name === '') {
      if (part.type === 'file') part.file.resume();
      throw new Invalid(NAMELESS_PART);
    }
    if (part.fieldname.includes(NUL)) throw nulIn(part.fieldname.replaceAll(NUL, ''));
    if (part.type === 'field' && typeof part.value === 'string' && part.value.includes(NUL)) {
      throw nulIn(part.fieldname);
    }
    yield part;
  }
}

type PartsOf = FastifyRequest['parts'];

/** Wraps the request's multipart iterator so every consumer (readForm, the profile form) is guarded. */
function guardMultipart(request: FastifyRequest): void {
  const parts: PartsOf = request.parts.bind(request);
  request.parts = ((options) => refuseNulFields(parts(options))) as PartsOf;
}

/** Registers the guards on the root instance (hooks and the JSON parser apply to every route). */
export function guardInput(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const field = nulInAddress(request);
    if (field === undefined) return done();
    done(field ? nulIn(field) : new Invalid('The address must not contain NUL characters'));
  });

  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const body = String(text);
    keepRawBody(request, body);
    if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new Invalid(`The request body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    // The default parser keeps Fastify's prototype-poisoning refusal; it answers through the callback.
    void defaultJson(request, body, (error, parsed: unknown) => {
      if (error) return done(error, undefined);
      const field = findNul(parsed);
      if (field !== undefined) return done(nulIn(field || undefined), undefined);
      done(null, parsed);
    });
  });

  app.addHook('preValidation', (request, _reply, done) => {
    if (request.isMultipart()) guardMultipart(request);
    done();
  });
}
