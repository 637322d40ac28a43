import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { outboxHealth } from '../mail/outbox.ts';

/**
 * `GET /healthz`: 200 only when the database answers too. `GET /healthz/detail` adds what
 * monitoring alerts on: the mail outbox's backlog, its oldest wait and the mail set aside as
 * failed (counts only, nothing personal).
 */
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

  app.get('/healthz/detail', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      return { ok: true, database: 'up', mail: await outboxHealth(ctx.db) };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ ok: false, error: 'Database unavailable' });
    }
  });
}
