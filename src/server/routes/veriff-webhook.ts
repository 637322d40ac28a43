import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerSignedWebhook } from '../kyc/signed-webhook.ts';
import { veriffWebhook } from '../services/veriff-webhook.ts';

/** `veriff-webhook`: Veriff's decision on a session. */
export function registerVeriffWebhook(app: FastifyInstance, ctx: AppContext) {
  registerSignedWebhook(app, ctx, routeOf('veriff-webhook'), (payload) =>
    veriffWebhook(ctx.db, payload, {
      secret: ctx.secrets.sessionSecret,
      publicUrl: ctx.env.PUBLIC_URL,
      staffEmail: ctx.env.STAFF_EMAIL,
      screening: ctx.screening,
    }),
  );
}
