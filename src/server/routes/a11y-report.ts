import { open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { A11Y_REPORT_MISSING, A11Y_REPORT_PATH } from '#shared/schemas/admin-lists.ts';
import type { AppContext } from '../context.ts';

/** Where `npm run a11y` writes its report by default and where the server reads it. */
export function a11yReportFile(dataDir: string): string {
  return join(resolve(dataDir), 'qa', 'a11y-report.json');
}

/**
 * `GET /qa/a11y-report.json` (SPEC §7): the last accessibility scan's report, as written by
 * `npm run a11y`. It describes the public pages only, which anyone can load and scan, so it
 * needs no staff token. Never cached: a new scan must show on the next read.
 */
export function registerA11yReport(app: FastifyInstance, ctx: AppContext) {
  const file = a11yReportFile(ctx.env.DATA_DIR);
  app.get(A11Y_REPORT_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const handle = await open(file, 'r').catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return reply.code(404).send({ ok: false, error: A11Y_REPORT_MISSING });
    // The scan replaces the file by renaming a new one over it: this stream reads the old
    // file or the new one whole, never half of each.
    return reply.type('application/json; charset=utf-8').send(handle.createReadStream());
  });
}
