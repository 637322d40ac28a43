import type { FastifyInstance } from 'fastify';
import { ZStaffJoinRequest } from '#shared/schemas/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { limitFor } from '../rate-limits.ts';
import { adminStaffJoin } from '../services/admin-staff-join.ts';
import { signInRequestOf } from './admin-auth.ts';

/** `admin-staff-join`: open to anyone holding an invitation link; answers like `admin-auth`. */
export function registerAdminStaffJoin(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-staff-join', limitFor(ctx.env, 'admin-auth'), async (request) => {
    const input = parseInput(ZStaffJoinRequest, request.body);
    return adminStaffJoin(signInRequestOf(ctx, request), input);
  });
}
