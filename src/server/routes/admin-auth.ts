import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZAdminAuthRequest, ZAdminCodeRequest } from '#shared/schemas/staff.ts';
import type { SignInRequest } from '../auth/staff-sign-in.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { limitFor, scaledMax, STAFF_AUTH_FAILURES } from '../rate-limits.ts';
import { adminAuth } from '../services/admin-auth.ts';
import { adminAuthVerify } from '../services/admin-auth-verify.ts';
import { adminMfaEnroll } from '../services/admin-mfa-enroll.ts';

/** What every sign-in step needs of the request: address, browser, and the failure limits. */
export function signInRequestOf(ctx: AppContext, request: FastifyRequest): SignInRequest {
  return {
    db: ctx.db,
    mfaKey: ctx.secrets.mfaKey,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    limits:
      ctx.env.RATE_LIMIT_SCALE === 0
        ? null
        : {
            free: scaledMax(ctx.env, STAFF_AUTH_FAILURES.max),
            perAccount: scaledMax(ctx.env, STAFF_AUTH_FAILURES.perAccount),
          },
  };
}

/** The sign-in steps: open to anyone, each throttled per IP and per account. */
export function registerAdminAuth(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-auth', limitFor(ctx.env, 'admin-auth'), async (request) => {
    const input = parseInput(ZAdminAuthRequest, request.body);
    return adminAuth(signInRequestOf(ctx, request), input);
  });
  app.post('/api/admin-auth-verify', limitFor(ctx.env, 'admin-auth'), async (request) => {
    const input = parseInput(ZAdminCodeRequest, request.body);
    return adminAuthVerify(signInRequestOf(ctx, request), input);
  });
  app.post('/api/admin-mfa-enroll', limitFor(ctx.env, 'admin-auth'), async (request) => {
    const input = parseInput(ZAdminCodeRequest, request.body);
    return adminMfaEnroll(signInRequestOf(ctx, request), input);
  });
}
