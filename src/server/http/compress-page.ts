import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the compression plugin offers routes, in its preference order. */
const ENCODINGS = ['br', 'gzip'];

/**
 * Sends a page compressed as the browser asks, where the compression plugin cannot: it hooks
 * routes only, and the 404 page comes from the not-found handler (decision 052). Brotli at the
 * plugin's own quality (4), so a 404 costs what any page costs.
 */
export function sendCompressedPage(request: FastifyRequest, reply: FastifyReply, page: string) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ENCODINGS) : null;
  if (encoding === 'br') {
    const body = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}
