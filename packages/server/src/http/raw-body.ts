import type { FastifyRequest } from 'fastify';

/** The JSON body as it arrived, for the calls that check a signature over its exact bytes. */
const rawBodies = new WeakMap<FastifyRequest, string>();

export function keepRawBody(request: FastifyRequest, body: string): void {
  rawBodies.set(request, body);
}

export const rawBodyOf = (request: FastifyRequest): string => rawBodies.get(request) ?? '';
