import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import { ZAuditExportRequest } from '#shared/schemas/audit.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { errorHandler, parseInput } from '../errors.ts';
import { adminAuditExport } from '../services/admin-audit-export.ts';

/**
 * `admin-audit-export`: the audit log as a CSV download. Input is checked and the first rows
 * read before any byte, so a bad request or an early failure is a JSON error.
 */
export function registerAdminAuditExport(app: FastifyInstance, ctx: AppContext) {
  app.post(
    routeOf('admin-audit-export'),
    {
      // A failure before the first byte has left is answered as JSON: it must not keep the
      // file's headers (see admin-export-csv).
      errorHandler(error, request, reply) {
        reply.removeHeader('content-encoding').removeHeader('content-disposition');
        return errorHandler(error, request, reply);
      },
    },
    async (request, reply) => {
      const input = parseInput(ZAuditExportRequest, request.body);
      const { fileName, stream } = await adminAuditExport({
        db: ctx.db,
        input,
        staff: staffOf(request),
        log: request.log,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
