import type { FastifyInstance } from 'fastify';
import type { OneTimeLegalUpdateResponse } from '#shared/schemas/site.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { oneTimeLegalUpdate } from '../services/one-time-legal-update.ts';

/** Staff only, although not under /api/admin-: the guard lists it (app.ts, isStaffRoute). */
export function registerOneTimeLegalUpdate(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/one-time-legal-update', async (request): Promise<OneTimeLegalUpdateResponse> => {
    const { actor } = staffOf(request);
    const updated = await oneTimeLegalUpdate({ db: ctx.db, actor });
    return { ok: true, updated };
  });
}
