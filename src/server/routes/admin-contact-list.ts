import type { FastifyInstance } from 'fastify';
import { ZInboxListRequest, type ContactListResponse } from '#shared/schemas/admin-lists.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminContactList } from '../services/admin-contact-list.ts';

export function registerAdminContactList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-contact-list', async (request): Promise<ContactListResponse> => {
    const input = parseInput(ZInboxListRequest, request.body);
    return { ok: true, ...(await adminContactList({ db: ctx.db, input })) };
  });
}
