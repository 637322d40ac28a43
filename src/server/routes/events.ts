import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import type { EventHub, LiveEvent } from '../events.ts';

/** Only changes anyone may see go to the public stream. */
function isPublic(event: LiveEvent): boolean {
  return event.type === 'site-setting';
}

const HEARTBEAT_MS = 25_000;

/**
 * Takes the reply over from Fastify (so nothing buffers or compresses it) and streams the
 * hub's events that pass `filter` as Server-Sent Events until the client or the server closes.
 */
function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: EventHub,
  open: Set<() => void>,
  filter: (event: LiveEvent) => boolean,
) {
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
    if (filter(event)) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
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
}

/**
 * `GET /api/events`: public changes (maintenance and invite mode). `GET /api/apply-events`:
 * the signed-in applicant's own stage changes, so the review screen moves on at once (its
 * 8 s poll of `apply-status` stays as the fallback). Streams end when the server closes, so a
 * shutdown never waits on them.
 */
export function registerEvents(app: FastifyInstance, ctx: AppContext) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/api/events', { config: { rateLimit: false } }, (request, reply) => {
    stream(request, reply, ctx.events, open, isPublic);
  });

  app.get('/api/apply-events', { config: { rateLimit: false } }, async (request, reply) => {
    const { applicationId } = await authenticateApplicant(ctx.db, request);
    stream(
      request,
      reply,
      ctx.events,
      open,
      (event) => event.type === 'stage' && event.applicationId === applicationId,
    );
  });
}
