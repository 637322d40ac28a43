import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { WebhookOutcome } from './veriff-events.ts';
import { veriffSecrets, verifyVeriffSignature } from './veriff.ts';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid signature';

/** Watchlist results with many hits are the largest deliveries. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Registers one Veriff webhook. The signature covers the exact bytes Veriff sent, so in this
 * route's scope every body is kept raw (no JSON parser re-serialises it) and checked against
 * each VERIFF_SHARED_SECRET before it is parsed at all; a bad or missing signature is a 401
 * and nothing is read. Veriff is answered `{ok: true}` for anything signed it sent, even what
 * we ignore (an unknown session), so it does not retry for a week.
 */
export function registerSignedWebhook(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  handle: (payload: unknown, raw: Buffer) => Promise<WebhookOutcome>,
) {
  const secrets = veriffSecrets(ctx.env);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(path, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!verifyVeriffSignature(raw, request.headers['x-hmac-signature'], secrets)) {
        request.log.warn({ webhook: path }, 'webhook signature rejected');
        throw new AppError('unauthenticated', INVALID_SIGNATURE_MESSAGE);
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('invalid_input', 'The request could not be understood.');
      }
      const outcome = await handle(payload, raw);
      if (outcome.applied) {
        request.log.info({ webhook: path }, 'webhook applied');
        // It may have queued mail (the applicant asked to verify again, staff told of a decline).
        ctx.wakeMailer();
      } else request.log.info({ webhook: path, reason: outcome.reason }, 'webhook ignored');
      return { ok: true };
    });
  });
}
