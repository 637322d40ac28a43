/** The on/off site settings' value (SPEC §3: `{ enabled }`). No zod here: the public entry uses it. */
export type EnabledSetting = { enabled?: unknown };

/** SPEC §4: invite and maintenance mode are on only when `enabled` is exactly true. */
export function isEnabled(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as EnabledSetting).enabled === true;
}
