import type { FastifyInstance } from 'fastify';
import { ZInboxListRequest, type EoiListResponse } from '#shared/schemas/admin-lists.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminEoiList } from '../services/admin-eoi-list.ts';

export function registerAdminEoiList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-eoi-list', async (request): Promise<EoiListResponse> => {
    const input = parseInput(ZInboxListRequest, request.body);
    return { ok: true, ...(await adminEoiList({ db: ctx.db, input })) };
  });
}
