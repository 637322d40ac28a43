import type { FastifyInstance } from 'fastify';
import {
  ZApplicantEraseApproveRequest,
  type ApplicantEraseApproveResponse,
} from '#shared/schemas/data-protection.ts';
import { deleteQueuedFiles } from '../applicant/erase.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminApplicantEraseApprove } from '../services/admin-applicant-erase-approve.ts';

export function registerAdminApplicantEraseApprove(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/admin-applicant-erase-approve',
    async (request): Promise<ApplicantEraseApproveResponse> => {
      const { actor } = staffOf(request);
      const input = parseInput(ZApplicantEraseApproveRequest, request.body);
      const erasedAt = await adminApplicantEraseApprove({
        db: ctx.db,
        actor,
        applicationId: input.basic_id,
      });
      // The records are gone; the files follow now (or on the next retention run, which
      // finishes whatever is still queued if this fails or the process stops).
      await deleteQueuedFiles(ctx.db, ctx.storage).catch((error: unknown) => {
        request.log.warn({ err: error }, 'erasure: stored files left for the next retention run');
      });
      return { ok: true, erased_at: erasedAt.toISOString() };
    },
  );
}
