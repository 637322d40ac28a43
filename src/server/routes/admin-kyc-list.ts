import type { FastifyInstance } from 'fastify';
import { ZKycListRequest, type KycListResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminKycList } from '../services/admin-kyc-list.ts';

export function registerAdminKycList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-kyc-list', async (request): Promise<KycListResponse> => {
    const input = parseInput(ZKycListRequest, request.body);
    const page = await adminKycList({ db: ctx.db, input, staffId: staffOf(request).member.id });
    return { ok: true, ...page, sla_hours: ctx.env.QUEUE_SLA_HOURS };
  });
}
