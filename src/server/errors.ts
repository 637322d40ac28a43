import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiFailure } from '#shared/api.ts';
import { lostConnectionCode } from './db/lost-connection.ts';
import { sqlStateOf } from './lib/safe-error.ts';

/**
 * The one error type services throw. Each code maps to one HTTP status (CONTRACT §2); the
 * message is shown to the user as is, so it comes from the spec's catalogue.
 */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, string> | undefined;
  /** Seconds, for 429 answers. */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, string>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** A lost database connection (restart, failover): nothing is wrong with the request. */
export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a moment.';
/** Seconds to wait before retrying after a lost database connection. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Maps each invalid field to its first message, the contract's `details`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    details[key] ??= issue.message;
  }
  return details;
}

/** Validates input against a shared schema; bad input becomes a 400 with field messages. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = fieldErrors(result.error);
  throw new AppError('invalid_input', Object.values(details)[0] ?? 'Invalid input', { details });
}

export const BAD_REQUEST_MESSAGE = 'The request could not be understood.';

/**
 * Framework errors that are the client's fault (malformed JSON or URL escapes, over-long
 * addresses, unsupported content types, bodies over the limit), with messages in the product's
 * voice: the framework's own code and text never leave the server.
 */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: BAD_REQUEST_MESSAGE,
  403: 'Not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  406: BAD_REQUEST_MESSAGE,
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'Unsupported content type.',
  429: 'Too many attempts. Please try again later.',
};

interface Failure {
  status: number;
  body: ApiFailure;
  retryAfter?: number;
  /** The code of a lost database connection, the only thing logged about it. */
  lostConnection?: string;
}

function toFailure(error: unknown): Failure {
  if (error instanceof AppError) {
    const body: ApiFailure = { ok: false, error: error.message };
    if (error.details) body.details = error.details;
    return {
      status: error.status,
      body,
      ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}),
    };
  }
  if (error instanceof z.ZodError) {
    const details = fieldErrors(error);
    return {
      status: 400,
      body: { ok: false, error: Object.values(details)[0] ?? 'Invalid input', details },
    };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status && status >= 400 && status < 500) {
    return {
      status,
      body: { ok: false, error: FRAMEWORK_MESSAGES[status] ?? BAD_REQUEST_MESSAGE },
    };
  }
  // The database went away under the request (restart, failover, terminated backend): worth
  // retrying shortly, so 503 with Retry-After rather than 500.
  const lostConnection = lostConnectionCode(error);
  if (lostConnection) {
    return {
      status: 503,
      body: { ok: false, error: DATABASE_UNAVAILABLE },
      retryAfter: DATABASE_RETRY_AFTER_S,
      lostConnection,
    };
  }
  // A value PostgreSQL cannot hold (SQLSTATE class 22, e.g. a NUL character in text) got past
  // a schema: the client's input is at fault, and the transaction has rolled back whole.
  if (sqlStateOf(error)?.startsWith('22')) {
    return { status: 400, body: { ok: false, error: BAD_REQUEST_MESSAGE } };
  }
  return { status: 500, body: { ok: false, error: GENERIC_ERROR } };
}

/** The single error handler: the contract's shape, never a stack trace, SQL or path. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  // The visitor left (tab closed, navigation) before a streamed or compressed answer began:
  // nobody is waiting for a reply and nothing went wrong on our side, so not an error line.
  if (clientGone(request, reply)) {
    request.log.info('client closed the connection before the answer was sent');
    return reply;
  }
  const { status, body, retryAfter, lostConnection } = toFailure(error);
  // The logger's `err` serializer (safeError) keeps submitted values out of the line.
  if (lostConnection) request.log.warn({ code: lostConnection }, 'database connection lost');
  else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else if (status === 400 && sqlStateOf(error)) {
    request.log.warn({ err: error }, 'database refused a value a schema let through');
  } else request.log.info({ status, error: body.error }, 'request refused');
  if (retryAfter) reply.header('retry-after', String(retryAfter));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function clientGone(request: FastifyRequest, reply: FastifyReply) {
  // The socket or the response, not the request stream: a request whose body has been read is
  // destroyed by Node as soon as it ends (autoDestroy), while its client still waits.
  return request.raw.socket?.destroyed === true || reply.raw?.destroyed === true;
}
