import type { FastifyInstance } from 'fastify';
import { ZAdminAuthRequest } from '../../shared/schemas/admin.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { limitFor, scaledMax, STAFF_AUTH_FAILURES } from '../rate-limits.ts';
import { adminAuth } from '../services/admin-auth.ts';

export function registerAdminAuth(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-auth', limitFor(ctx.env, 'admin-auth'), async (request) => {
    const { passphrase } = parseInput(ZAdminAuthRequest, request.body);
    const result = await adminAuth({
      db: ctx.db,
      passphrase,
      passphraseHash: ctx.secrets.passphraseHash,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      maxFailures: ctx.env.RATE_LIMIT_SCALE === 0 ? 0 : scaledMax(ctx.env, STAFF_AUTH_FAILURES.max),
    });
    return { ok: true, ...result };
  });
}
