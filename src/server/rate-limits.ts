import type { RateLimitClass } from '#shared/calls.ts';
import type { Env } from './env.ts';
import { AppError } from './errors.ts';

const CODE_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/**
 * Every rate limit in one table (per client IP). RATE_LIMIT_SCALE multiplies them all; 0 turns
 * them off for load tests. The staff passphrase has its own failure counter as well
 * (STAFF_AUTH_FAILURES).
 * An entry with a `message` answers its 429 in those words.
 */
export const RATE_LIMITS = {
  /** Any API call: generous, only stops floods. */
  default: { max: 300, timeWindow: 60_000 },
  /** Guessing invitation codes: 10 a minute per IP on each of the two calls (issue 4). */
  'validate-invite': { max: 10, timeWindow: 60_000, message: CODE_ATTEMPTS_MESSAGE },
  'apply-verify-code': { max: 10, timeWindow: 60_000, message: CODE_ATTEMPTS_MESSAGE },
  /** Forms that create records and send e-mail. */
  'apply-basic': {
    max: 5,
    timeWindow: 60 * 60_000,
    message: 'Too many applications from your connection. Please try again later.',
  },
  contact: { max: 5, timeWindow: 10 * 60_000 },
  eoi: { max: 5, timeWindow: 10 * 60_000 },
  'apply-magic-link': {
    max: 5,
    timeWindow: 15 * 60_000,
    message: 'Too many link requests. Please wait a few minutes and try again.',
  },
  'apply-session': {
    max: 10,
    timeWindow: 15 * 60_000,
    message: 'Too many attempts. Please wait a few minutes and try again.',
  },
  'apply-kyc-upload': { max: 20, timeWindow: 60 * 60_000 },
  /** Each Veriff start can create a paid provider session. */
  'apply-kyc-start': { max: 10, timeWindow: 15 * 60_000 },
  /** Each look-up is a paid request to the address provider. */
  'apply-address-lookup': { max: 20, timeWindow: 15 * 60_000 },
  /**
   * Only stops floods: wrong passphrases are slowed down by STAFF_AUTH_FAILURES. A longer window
   * here would lock everyone behind the address out for all of it.
   */
  'admin-auth': { max: 30, timeWindow: 60_000 },
} as const satisfies Record<
  'default' | RateLimitClass,
  { max: number; timeWindow: number; message?: string }
>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Per e-mail limits, counted in the database so they hold across instances. A known e-mail
 * over its limit gets the same answer as any other, so the limits reveal nothing:
 * resume links beyond 3 an hour are simply not sent; a second `apply-basic` within 24 hours
 * creates nothing and answers like a new application (an address proved on an application is
 * a duplicate at any time, limit or not: docs/decisions/026).
 */
export const MAGIC_LINKS_PER_EMAIL = { max: 3, windowMs: 60 * 60_000 } as const;
export const APPLICATION_PER_EMAIL_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Live event streams (`/api/events` and `/api/apply-events` together) each hold a connection
 * open for as long as a page is open: a few per visitor (tabs), never thousands from one
 * address, and a ceiling per instance so streams cannot take every socket the server has.
 */
export const EVENT_STREAMS = {
  perIp: 10,
  total: 2000,
  message: 'Too many live connections from your network. Please close some tabs and try again.',
} as const;

/**
 * Staff sign-in, per IP (auth/staff-throttle.ts): `max` failures within the window are free;
 * after them each attempt must wait 2^(n - max) seconds after the last failure (n failures in
 * the window), at most `maxDelayMs`, or it is answered 429 with Retry-After without being checked.
 */
export const STAFF_AUTH_FAILURES = {
  max: 5,
  windowMs: 15 * 60_000,
  maxDelayMs: 5 * 60_000,
  /**
   * Per account (the e-mail typed, known or not): this many failures (wrong passphrases and
   * wrong codes) within the window, then 429 until the oldest leaves it (CONTRACT §5).
   */
  perAccount: 10,
} as const;

export function scaledMax(env: Pick<Env, 'RATE_LIMIT_SCALE'>, max: number): number {
  return Math.max(1, Math.ceil(max * env.RATE_LIMIT_SCALE));
}

/** Route options that apply a named limit (`{ config: { rateLimit } }` for @fastify/rate-limit). */
export function limitFor(env: Pick<Env, 'RATE_LIMIT_SCALE'>, name: RateLimitName) {
  const limit: { max: number; timeWindow: number; message?: string } = RATE_LIMITS[name];
  const { max, timeWindow, message } = limit;
  // A call with its own message answers 429 in its own words; the rest use the global one.
  const errorResponseBuilder = message
    ? (_request: unknown, context: { ttl: number }) =>
        new AppError('too_many_requests', message, {
          retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)),
        })
    : undefined;
  return {
    config: {
      rateLimit: {
        max: scaledMax(env, max),
        timeWindow,
        ...(errorResponseBuilder ? { errorResponseBuilder } : {}),
      },
    },
  };
}
