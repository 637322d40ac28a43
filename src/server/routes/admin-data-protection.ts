import type { FastifyInstance } from 'fastify';
import type { DataProtectionResponse } from '#shared/schemas/data-protection.ts';
import type { AppContext } from '../context.ts';
import { adminDataProtection } from '../services/admin-data-protection.ts';

export function registerAdminDataProtection(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-data-protection', async (): Promise<DataProtectionResponse> => {
    return { ok: true, ...(await adminDataProtection({ db: ctx.db })) };
  });
}
