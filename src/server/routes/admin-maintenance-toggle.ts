import type { FastifyInstance } from 'fastify';
import { ZMaintenanceToggleRequest, type MaintenanceToggleResponse } from '#shared/schemas/site.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminMaintenanceToggle } from '../services/admin-maintenance-toggle.ts';

export function registerAdminMaintenanceToggle(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-maintenance-toggle', async (request): Promise<MaintenanceToggleResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZMaintenanceToggleRequest, request.body);
    const { enabled } = await adminMaintenanceToggle({ db: ctx.db, actor, enabled: input.enabled });
    return { ok: true, success: true, enabled };
  });
}
