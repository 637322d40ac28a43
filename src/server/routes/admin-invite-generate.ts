import type { FastifyInstance } from 'fastify';
import {
  ZInviteGenerateIssuedRequest,
  type InviteGenerateResponse,
} from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminInviteGenerate } from '../services/admin-invite-generate.ts';

export function registerAdminInviteGenerate(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-invite-generate', async (request): Promise<InviteGenerateResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZInviteGenerateIssuedRequest, request.body);
    const { codes } = await adminInviteGenerate({
      db: ctx.db,
      actor,
      count: input.count,
      issuedTo: input.issued_to,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    if (input.issued_to) ctx.wakeMailer();
    return { ok: true, success: true, codes };
  });
}
