import type { Env } from './env.ts';

/**
 * Every rate limit in one table (per client IP). RATE_LIMIT_SCALE multiplies them all; 0 turns
 * them off for load tests. The staff passphrase has its own failure counter (admin-auth).
 */
export const RATE_LIMITS = {
  /** Any API call: generous, only stops floods. */
  default: { max: 300, timeWindow: 60_000 },
  /** Guessing invitation codes. */
  'validate-invite': { max: 10, timeWindow: 15 * 60_000 },
  'apply-verify-code': { max: 10, timeWindow: 15 * 60_000 },
  /** Forms that create records and send e-mail. */
  'apply-basic': { max: 5, timeWindow: 10 * 60_000 },
  contact: { max: 5, timeWindow: 10 * 60_000 },
  eoi: { max: 5, timeWindow: 10 * 60_000 },
  'apply-magic-link': { max: 5, timeWindow: 15 * 60_000 },
  'apply-session': { max: 10, timeWindow: 15 * 60_000 },
  'apply-kyc-upload': { max: 20, timeWindow: 60 * 60_000 },
  'admin-auth': { max: 20, timeWindow: 15 * 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Staff sign-in: this many failures per IP within the window give 429. */
export const STAFF_AUTH_FAILURES = { max: 5, windowMs: 15 * 60_000 } as const;

export function scaledMax(env: Pick<Env, 'RATE_LIMIT_SCALE'>, max: number): number {
  return Math.max(1, Math.ceil(max * env.RATE_LIMIT_SCALE));
}

/** Route options that apply a named limit (`{ config: { rateLimit } }` for @fastify/rate-limit). */
export function limitFor(env: Pick<Env, 'RATE_LIMIT_SCALE'>, name: RateLimitName) {
  const { max, timeWindow } = RATE_LIMITS[name];
  return { config: { rateLimit: { max: scaledMax(env, max), timeWindow } } };
}
