import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, errorHandler } from './errors.ts';

/** A request and reply that record what the handler logged and sent. */
function fakeExchange(socketClosed = false) {
  const lines: { level: string; message: string }[] = [];
  const log = (level: string) => (_object: unknown, message?: string) =>
    lines.push({ level, message: String(message ?? _object) });
  const request = {
    // A fully read request stream is destroyed by Node while its client still waits.
    raw: { destroyed: true, socket: { destroyed: socketClosed } },
    log: { info: log('info'), warn: log('warn'), error: log('error') },
  } as unknown as FastifyRequest;
  const sent: { status?: number; body?: unknown } = {};
  const reply = {
    raw: { destroyed: socketClosed },
    header: () => reply,
    type: () => reply,
    code(status: number) {
      sent.status = status;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  } as unknown as FastifyReply;
  return { request, reply, lines, sent };
}

const prematureClose = Object.assign(new Error('Premature close'), {
  code: 'ERR_STREAM_PREMATURE_CLOSE',
});

describe('errorHandler', () => {
  it('a visitor who left mid-answer is not logged as a server error and gets no reply', () => {
    const { request, reply, lines, sent } = fakeExchange(true);
    errorHandler(prematureClose, request, reply);
    expect(lines.map((line) => line.level)).toEqual(['info']);
    expect(sent.status).toBeUndefined();
  });

  it('a refusal after the body was read still reaches the visitor who waits for it', () => {
    const { request, reply, lines, sent } = fakeExchange();
    errorHandler(new AppError('conflict', 'Already done'), request, reply);
    expect(lines.map((line) => line.level)).toEqual(['info']);
    expect(sent).toEqual({ status: 409, body: { ok: false, error: 'Already done' } });
  });

  it('a stream that closes early while the visitor waits is an error and a 500', () => {
    const { request, reply, lines, sent } = fakeExchange();
    errorHandler(prematureClose, request, reply);
    expect(lines).toEqual([{ level: 'error', message: 'request failed' }]);
    expect(sent.status).toBe(500);
  });

  it('an unexpected failure while the visitor waits is still an error line and a 500', () => {
    const { request, reply, lines, sent } = fakeExchange();
    errorHandler(new Error('boom'), request, reply);
    expect(lines).toEqual([{ level: 'error', message: 'request failed' }]);
    expect(sent).toEqual({
      status: 500,
      body: { ok: false, error: expect.any(String) as unknown },
    });
  });
});
