// Allowed: its own service code and the domain errors.
import { tally } from './tally.ts';
import { NotFound } from '../errors.ts';
// Known violation: server-services-speak-no-http (a status code in a service).
import { STATUS_OF } from '../http/errors.ts';
// Known violation: server-services-speak-no-http (Fastify in a service).
import type { FastifyReply } from 'fastify';

export const closePoll = (reply: FastifyReply) => [tally, NotFound, STATUS_OF, reply];
