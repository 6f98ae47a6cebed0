// Allowed: a bus subscriber takes the app, so it may import Fastify.
import type { FastifyInstance } from 'fastify';
import { closePoll } from './service.ts';

export const pollSubscriber = (app: FastifyInstance) => [app, closePoll];
