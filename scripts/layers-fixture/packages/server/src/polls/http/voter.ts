// A domain's http/ folder is its edge: allowed to speak HTTP and Fastify.
import type { FastifyRequest } from 'fastify';
import { STATUS_OF } from '../../http/errors.ts';

export const voter = (request: FastifyRequest) => [request, STATUS_OF];
