import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { siteSettings } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** The settings anyone may read (SPEC §3). Anything else in the table stays server-side. */
const PUBLIC_KEYS = new Set(['maintenance_mode', 'invite_mode', 'press_boilerplate']);

/**
 * Every public page reads the maintenance switch on load: an answer is kept for a second,
 * and dropped at once when a change to that setting is heard (every instance hears it, through
 * NOTIFY), so a page never waits on the database for it and a switch is never stale for long.
 */
const CACHE_MS = 1000;

/** The staff calls that change a public setting. */
const SETTING_CALLS = new Set(['/api/admin-maintenance-toggle', '/api/admin-invite-toggle']);

type SettingAnswer = { ok: true; key: string; value: unknown; updated_at: string };

/** `GET /api/site-settings/:key`: the spec's direct read of one setting. */
export function registerSiteSettings(app: FastifyInstance, ctx: AppContext) {
  const cache = new Map<string, { answer: SettingAnswer; until: number }>();
  const unsubscribe = ctx.events.subscribe((event) => {
    if (event.type === 'site-setting') cache.delete(event.key);
  });
  app.addHook('onClose', async () => unsubscribe());
  // The instance that made a change forgets at once, before its answer reaches the staff member
  // (the NOTIFY comes a moment later): a reload right after a toggle shows the new state.
  app.addHook('onSend', async (request) => {
    if (request.method === 'POST' && SETTING_CALLS.has(request.routeOptions.url ?? '')) {
      cache.clear();
    }
  });

  app.get<{ Params: { key: string } }>('/api/site-settings/:key', async (request) => {
    const { key } = request.params;
    if (!PUBLIC_KEYS.has(key)) throw new AppError('not_found', 'Setting not found');
    const cached = cache.get(key);
    if (cached && cached.until > Date.now()) return cached.answer;
    const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, key));
    if (!row) throw new AppError('not_found', 'Setting not found');
    const answer: SettingAnswer = {
      ok: true,
      key: row.key,
      value: row.value,
      updated_at: row.updatedAt.toISOString(),
    };
    cache.set(key, { answer, until: Date.now() + CACHE_MS });
    return answer;
  });
}
