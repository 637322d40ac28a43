import type { FastifyInstance } from 'fastify';
import type { AdminMeResponse } from '#shared/schemas/staff.ts';
import { staffOf } from '../auth/staff.ts';

/** `admin-me`: the member the token belongs to, for the panel's name and role. */
export function registerAdminMe(app: FastifyInstance) {
  app.post('/api/admin-me', async (request): Promise<AdminMeResponse> => {
    return { ok: true, staff: staffOf(request).member };
  });
}
