import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { siteSettings } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** The settings anyone may read (SPEC §3). Anything else in the table stays server-side. */
const PUBLIC_KEYS = new Set(['maintenance_mode', 'invite_mode', 'press_boilerplate']);

/** `GET /api/site-settings/:key`: the spec's direct read of one setting. */
export function registerSiteSettings(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { key: string } }>('/api/site-settings/:key', async (request) => {
    const { key } = request.params;
    if (!PUBLIC_KEYS.has(key)) throw new AppError('not_found', 'Setting not found');
    const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, key));
    if (!row) throw new AppError('not_found', 'Setting not found');
    return { ok: true, key: row.key, value: row.value, updated_at: row.updatedAt.toISOString() };
  });
}
