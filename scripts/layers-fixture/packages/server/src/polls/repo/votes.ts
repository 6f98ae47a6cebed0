import { pollsTable } from '../../db/schema/polls.ts';
// Known violation: server-services-speak-no-http (a repo reaching for Fastify).
import fastify from 'fastify';

export const voteRows = [pollsTable, fastify];
