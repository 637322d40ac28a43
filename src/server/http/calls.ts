import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  CALL_NAMES,
  entryOf,
  isStaffCall,
  kindOf,
  methodOf,
  routeOf,
  type JsonCallName,
} from '#shared/calls.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import type { CallHandler, CallHandlers } from '../handlers/types.ts';
import { isHoneypotFilled } from '../lib/honeypot.ts';
import { limitFor } from '../rate-limits.ts';
import { assertOwnApplication } from '../services/apply-get-stage.ts';

/**
 * Registers the JSON calls of the registry on `scope`: the staff calls (`staff: true`, inside
 * the staff guard's scope) or every other one. Per request, in this order: the caller (an
 * applicant's session, and that the body names no other application), the honeypot of a public
 * form, the body against the call's schema (400 with field messages), then the handler.
 */
export function registerJsonCalls(
  scope: FastifyInstance,
  ctx: AppContext,
  handlers: CallHandlers,
  { staff }: { staff: boolean },
): void {
  for (const name of CALL_NAMES) {
    if (kindOf(name) !== 'json' || isStaffCall(name) !== staff) continue;
    const call = name as JsonCallName;
    const entry = entryOf(call);
    // One signature for all: the registry's types were checked where the handler was written.
    const handler = handlers[call] as CallHandler<JsonCallName>;
    const method = methodOf(call);
    const route: RouteOptions = {
      method,
      url: routeOf(call),
      ...(entry.rateLimit ? limitFor(ctx.env, entry.rateLimit) : {}),
      ...(entry.bodyLimit ? { bodyLimit: entry.bodyLimit } : {}),
      handler: async (request, reply) => {
        const session =
          entry.access === 'applicant' ? await authenticateApplicant(ctx.db, request) : undefined;
        if (session) assertOwnApplication(session, request.body);
        // A bot is told it succeeded and nothing is kept or sent.
        if (entry.honeypot && isHoneypotFilled(request.body)) return { ok: true };
        const body = method === 'GET' ? request.query : request.body;
        const input = entry.request ? parseInput(entry.request, body) : undefined;
        return handler({
          input,
          ctx,
          request,
          reply,
          ...(staff ? { staff: staffOf(request) } : {}),
          ...(session ? { session } : {}),
        } as Parameters<CallHandler<JsonCallName>>[0]);
      },
    };
    scope.route(route);
  }
}
