import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import * as service from './service.ts';

/** Polls (R-POLL): asked in a conversation, read and voted by those who may read it. */
export const pollRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'createPoll', async (request, reply) => {
    const poll = await service.createPoll(app, currentUser(request), request.params.id, request.body);
    return reply.status(201).send({ poll });
  });
  serve(app, 'getPoll', async (request) => ({
    poll: await service.getPoll(app, currentUser(request), request.params.id),
  }));
  serve(app, 'votePoll', async (request) => ({
    poll: await service.vote(app, currentUser(request), request.params.id, request.body),
  }));
  serve(app, 'closePoll', async (request) => ({
    poll: await service.closePoll(app, currentUser(request), request.params.id),
  }));
  done();
};
