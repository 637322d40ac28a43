import type { FastifyInstance } from 'fastify';
import { ZStaffUpdateRequest } from '#shared/schemas/staff.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminStaffUpdate } from '../services/admin-staff-update.ts';

export function registerAdminStaffUpdate(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-staff-update', async (request) => {
    const { actor } = staffOf(request);
    const input = parseInput(ZStaffUpdateRequest, request.body);
    await adminStaffUpdate({ db: ctx.db, actor, ...input });
    return { ok: true };
  });
}
