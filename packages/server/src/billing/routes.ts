import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/http/guards.ts';
import { serve } from '../http/serve.ts';
import { billingOverview, changePlan } from './service.ts';

/** The plan and its usage for every signed-in user; changing the plan for admins (R-BILL-0). */
export const billingRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'getBilling', async () => billingOverview(app));
  serve(app, 'setBillingPlan', async (request) => changePlan(app, currentUser(request), request.body.plan));
  done();
};
