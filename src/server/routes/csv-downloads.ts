import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { CALLS, routeOf, type CallInput, type StaffCall } from '#shared/calls.ts';
import { staffOf, type StaffIdentity } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { errorHandler, parseInput } from '../errors.ts';
import { adminAuditExport } from '../services/admin-audit-export.ts';
import { adminExportCsv } from '../services/admin-export-csv.ts';

type CsvExport<N extends StaffCall> = (options: {
  db: Db;
  input: CallInput<N>;
  staff: StaffIdentity;
  log: FastifyBaseLogger;
}) => Promise<{ fileName: string; stream: Readable }>;

/**
 * A CSV download: input is checked and the first rows read before any byte, so a bad request
 * or an early failure is an ordinary JSON error.
 */
function registerCsvDownload<N extends 'admin-export-csv' | 'admin-audit-export'>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  exportCsv: CsvExport<N>,
) {
  const schema = CALLS[name].request;
  app.post(
    routeOf(name),
    {
      // A read that fails before the first byte has left (with compression the first rows can
      // still be inside the compressor) is answered as JSON, so it must not keep the file's
      // headers: a JSON body labelled gzip or as an attachment is unreadable.
      errorHandler(error, request, reply) {
        reply.removeHeader('content-encoding').removeHeader('content-disposition');
        return errorHandler(error, request, reply);
      },
    },
    async (request, reply) => {
      const input = parseInput(schema, request.body) as CallInput<N>;
      const { fileName, stream } = await exportCsv({
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

/** `admin-export-csv` (the inboxes) and `admin-audit-export` (the audit log). */
export function registerCsvDownloads(app: FastifyInstance, ctx: AppContext) {
  registerCsvDownload(app, ctx, 'admin-export-csv', adminExportCsv);
  registerCsvDownload(app, ctx, 'admin-audit-export', adminAuditExport);
}
