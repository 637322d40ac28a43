import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import { ZExportCsvRequest } from '#shared/schemas/admin-lists.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { errorHandler, parseInput } from '../errors.ts';
import { adminExportCsv } from '../services/admin-export-csv.ts';

/**
 * `admin-export-csv`: the CSV file itself, as a download. Input is checked first, so a bad
 * request is a JSON 400 before any CSV byte.
 */
export function registerAdminExportCsv(app: FastifyInstance, ctx: AppContext) {
  app.post(
    routeOf('admin-export-csv'),
    {
      // A read that fails before the first byte has left (with compression the first rows can
      // still be inside the compressor) is answered as an ordinary JSON error, so it must not
      // keep the file's headers: a JSON body labelled gzip or as an attachment is unreadable.
      errorHandler(error, request, reply) {
        reply.removeHeader('content-encoding').removeHeader('content-disposition');
        return errorHandler(error, request, reply);
      },
    },
    async (request, reply) => {
      const input = parseInput(ZExportCsvRequest, request.body);
      const { fileName, stream } = await adminExportCsv({
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
