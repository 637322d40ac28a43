import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerSignedWebhook } from '../kyc/signed-webhook.ts';
import { veriffEventWebhook } from '../services/veriff-event-webhook.ts';

/** `veriff-event-webhook`: the applicant started or submitted the Veriff flow. */
export function registerVeriffEventWebhook(app: FastifyInstance, ctx: AppContext) {
  registerSignedWebhook(app, ctx, routeOf('veriff-event-webhook'), (payload) =>
    veriffEventWebhook(ctx.db, payload),
  );
}
