import type { FastifyInstance } from 'fastify';
import type { EventHub, LiveEvent } from '../events.ts';

/** Only changes anyone may see go to the public stream. */
function isPublic(event: LiveEvent): boolean {
  return event.type === 'site-setting';
}

const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/events`: a Server-Sent Events stream of public changes (maintenance and invite
 * mode). The reply is taken over from Fastify so nothing buffers or compresses it; streams are
 * ended when the server closes so a shutdown never waits on them.
 */
export function registerEvents(app: FastifyInstance, hub: EventHub) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/api/events', { config: { rateLimit: false } }, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    res.write('retry: 5000\n\n');
    const unsubscribe = hub.subscribe((event) => {
      if (isPublic(event)) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS).unref();
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      res.end();
    };
    open.add(end);
    request.raw.on('close', end);
  });
}
