import type { FastifyInstance } from 'fastify';
import { ZStaffIdRequest } from '#shared/schemas/staff.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminStaffResetMfa } from '../services/admin-staff-reset-mfa.ts';

export function registerAdminStaffResetMfa(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-staff-reset-mfa', async (request) => {
    const { actor } = staffOf(request);
    const { id } = parseInput(ZStaffIdRequest, request.body);
    await adminStaffResetMfa({ db: ctx.db, actor, id });
    return { ok: true };
  });
}
