import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import { ZApplicantExportRequest } from '#shared/schemas/data-protection.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { errorHandler, parseInput } from '../errors.ts';
import { adminApplicantExport } from '../services/admin-applicant-export.ts';

/**
 * `admin-applicant-export` (staff guard: owner, compliance): the subject access ZIP as a
 * download. Input and the application are checked first, so a bad or unknown id is a JSON
 * error before any byte of the ZIP.
 */
export function registerAdminApplicantExport(app: FastifyInstance, ctx: AppContext) {
  app.post(
    routeOf('admin-applicant-export'),
    {
      // A failure before the first byte has left is answered as an ordinary JSON error, so it
      // must not keep the file's headers (a JSON body labelled as an attachment is unreadable).
      errorHandler(error, request, reply) {
        reply.removeHeader('content-disposition');
        return errorHandler(error, request, reply);
      },
    },
    async (request, reply) => {
      const input = parseInput(ZApplicantExportRequest, request.body);
      const { fileName, stream } = await adminApplicantExport({
        db: ctx.db,
        storage: ctx.storage,
        applicationId: input.basic_id,
        actor: staffOf(request).actor,
        log: request.log,
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
