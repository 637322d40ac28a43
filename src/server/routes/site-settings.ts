import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { PUBLIC_SETTING_KEYS, type PublicSettings } from '../public-settings.ts';

/** The staff calls that change a public setting. */
const SETTING_CALLS = new Set(
  (['admin-maintenance-toggle', 'admin-invite-toggle'] as const).map(routeOf),
);

type SettingAnswer = { ok: true; key: string; value: unknown; updated_at: string };

/** `GET /api/site-settings/:key`: the spec's direct read of one setting (cached: public-settings.ts). */
export function registerSiteSettings(app: FastifyInstance, settings: PublicSettings) {
  // The instance that made a change forgets at once, before its answer reaches the staff member
  // (the NOTIFY comes a moment later): a reload right after a toggle shows the new state.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'POST' && SETTING_CALLS.has(request.routeOptions.url ?? '')) {
      settings.forget();
    }
    done(null, payload);
  });

  app.get<{ Params: { key: string } }>(
    routeOf('site-settings'),
    async (request): Promise<SettingAnswer> => {
      const { key } = request.params;
      if (!PUBLIC_SETTING_KEYS.has(key)) throw new AppError('not_found', 'Setting not found');
      const setting = await settings.read(key);
      if (!setting) throw new AppError('not_found', 'Setting not found');
      return {
        ok: true,
        key: setting.key,
        value: setting.value,
        updated_at: setting.updatedAt.toISOString(),
      };
    },
  );
}
