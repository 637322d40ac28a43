import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerSignedWebhook } from '../kyc/signed-webhook.ts';
import { veriffWatchlistWebhook } from '../services/veriff-watchlist-webhook.ts';

/** `veriff-watchlist-webhook`: PEP, sanctions and adverse-media screening results. */
export function registerVeriffWatchlistWebhook(app: FastifyInstance, ctx: AppContext) {
  registerSignedWebhook(app, ctx, routeOf('veriff-watchlist-webhook'), (payload, raw) =>
    veriffWatchlistWebhook(ctx.db, payload, raw, {
      staffEmail: ctx.env.STAFF_EMAIL,
      publicUrl: ctx.env.PUBLIC_URL,
    }),
  );
}
