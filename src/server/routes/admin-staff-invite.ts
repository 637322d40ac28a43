import type { FastifyInstance } from 'fastify';
import { ZStaffInviteRequest, type StaffInviteResponse } from '#shared/schemas/staff.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminStaffInvite } from '../services/admin-staff-invite.ts';

export function registerAdminStaffInvite(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-staff-invite', async (request): Promise<StaffInviteResponse> => {
    const { actor, member } = staffOf(request);
    const input = parseInput(ZStaffInviteRequest, request.body);
    const { id } = await adminStaffInvite({
      db: ctx.db,
      actor,
      inviterName: member.name,
      ...input,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    ctx.wakeMailer();
    return { ok: true, id };
  });
}
