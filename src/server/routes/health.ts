import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { lostConnectionCode } from '../db/lost-connection.ts';
import { outboxHealth } from '../mail/outbox.ts';

/** Apps told to stop taking traffic: their `/readyz` answers 503 from then on. */
const shuttingDown = new WeakSet<FastifyInstance>();

/**
 * Marks the app as shutting down, so the load balancer sends new traffic elsewhere; called as
 * soon as a shutdown begins, before Fastify's own closing (which also answers 503).
 */
export function markShuttingDown(app: FastifyInstance) {
  shuttingDown.add(app);
}

/**
 * `GET /healthz`: 200 only when the database answers too. `GET /healthz/detail` adds what
 * monitoring alerts on: the mail outbox's backlog, its oldest wait and the mail set aside as
 * failed (counts only, nothing personal).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  // app.close() called directly (tests, or a failed listen) also counts.
  app.addHook('preClose', async () => markShuttingDown(app));

  /**
   * `GET /readyz`: whether this instance should receive traffic (the load balancer's check):
   * the database answers, migrations are done (they run before the app is built, so they are
   * once this answers at all) and it is not shutting down. `/healthz` says whether it is alive.
   */
  app.get('/readyz', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const notReady = () => reply.code(503).send({ ok: false, error: 'Not ready' });
    if (shuttingDown.has(app)) return notReady();
    try {
      await ctx.db.execute(sql`select 1`);
    } catch (error) {
      // Warn, not error: the balancer asks every few seconds, and /healthz reports the outage.
      request.log.warn({ code: lostConnectionCode(error) }, 'readiness: database unreachable');
      return notReady();
    }
    return shuttingDown.has(app) ? notReady() : { ok: true };
  });

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
