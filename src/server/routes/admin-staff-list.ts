import type { FastifyInstance } from 'fastify';
import type { StaffListResponse } from '#shared/schemas/staff.ts';
import type { AppContext } from '../context.ts';
import { adminStaffList } from '../services/admin-staff-list.ts';

export function registerAdminStaffList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-staff-list', async (): Promise<StaffListResponse> => {
    return { ok: true, data: await adminStaffList({ db: ctx.db }) };
  });
}
