import type { FastifyInstance } from 'fastify';
import { ZInviteToggleRequest, type InviteToggleResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminInviteToggle } from '../services/admin-invite-toggle.ts';

export function registerAdminInviteToggle(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-invite-toggle', async (request): Promise<InviteToggleResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZInviteToggleRequest, request.body);
    const { enabled } = await adminInviteToggle({ db: ctx.db, actor, enabled: input.enabled });
    return { ok: true, success: true, enabled };
  });
}
