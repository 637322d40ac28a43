import type { FastifyInstance } from 'fastify';
import { ZKycListRequest, type KycListResponse } from '../../shared/schemas/admin.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminKycList } from '../services/admin-kyc-list.ts';

export function registerAdminKycList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-kyc-list', async (request): Promise<KycListResponse> => {
    const { status } = parseInput(ZKycListRequest, request.body);
    return { ok: true, files: await adminKycList({ db: ctx.db, status }) };
  });
}
