import { routeOf } from '#shared/calls.ts';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import { AppError } from '../errors.ts';
import type { EventHub, LiveEvent } from '../events.ts';
import { EVENT_STREAMS, scaledMax } from '../rate-limits.ts';

/** Only changes anyone may see go to the public stream. */
function isPublic(event: LiveEvent): boolean {
  return event.type === 'site-setting';
}

/**
 * A comment line this often keeps proxies from closing an idle stream, and makes a write to a
 * connection whose peer has vanished fail, so its slot is given back (with TCP keep-alive for
 * the case where nothing is written).
 */
const HEARTBEAT_MS = 25_000;

/**
 * Slots for open streams, in total and per client address, taken as a stream opens and given
 * back once when it closes. Beyond either cap the stream is refused with 429. Counted per
 * instance on purpose, even with REDIS_URL: they cap the sockets this process holds open.
 */
function streamSlots(perIp: number, max: number) {
  const byIp = new Map<string, number>();
  let total = 0;
  return function take(ip: string): () => void {
    const mine = byIp.get(ip) ?? 0;
    if (mine >= perIp || total >= max) {
      throw new AppError('too_many_requests', EVENT_STREAMS.message, { retryAfter: 30 });
    }
    byIp.set(ip, mine + 1);
    total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total--;
      const left = (byIp.get(ip) ?? 1) - 1;
      if (left > 0) byIp.set(ip, left);
      else byIp.delete(ip);
    };
  };
}

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
  release: () => void,
) {
  reply.hijack();
  // Injected requests (tests) have a stand-in socket without it.
  request.raw.socket?.setKeepAlive?.(true, HEARTBEAT_MS);
  const res = reply.raw;
  res.writeHead(200, {
    // What the hooks set for every answer (security headers, request id), then the stream's own.
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
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
    release();
    res.end();
  };
  open.add(end);
  request.raw.on('close', end);
  res.on('close', end);
  res.on('error', end);
}

/**
 * `GET /api/events`: public changes (maintenance and invite mode). `GET /api/apply-events`:
 * the signed-in applicant's own stage changes, so the review screen moves on at once (its
 * 8 s poll of `apply-status` stays as the fallback). Streams end when the server closes, so a
 * shutdown never waits on them.
 */
export function registerEvents(app: FastifyInstance, ctx: AppContext) {
  const open = new Set<() => void>();
  // RATE_LIMIT_SCALE scales the caps like every other limit; 0 turns them off.
  const scale = ctx.env.RATE_LIMIT_SCALE;
  const takeSlot = streamSlots(
    scale > 0 ? scaledMax(ctx.env, EVENT_STREAMS.perIp) : Infinity,
    scale > 0 ? scaledMax(ctx.env, EVENT_STREAMS.total) : Infinity,
  );
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(routeOf('events'), { config: { rateLimit: false } }, (request, reply) => {
    const release = takeSlot(request.ip);
    stream(request, reply, ctx.events, open, isPublic, release);
  });

  app.get(routeOf('apply-events'), { config: { rateLimit: false } }, async (request, reply) => {
    const { applicationId } = await authenticateApplicant(ctx.db, request);
    const release = takeSlot(request.ip);
    stream(
      request,
      reply,
      ctx.events,
      open,
      (event) => event.type === 'stage' && event.applicationId === applicationId,
      release,
    );
  });
}
