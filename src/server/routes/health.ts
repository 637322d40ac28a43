import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** `GET /healthz`: 200 only when the database answers too. */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  app.get('/healthz', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await ctx.db.execute(sql`select 1`);
      return { ok: true };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ ok: false, error: 'Database unavailable' });
    }
  });
}
