import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { setSwitchSetting } from './switch-setting.ts';

/** `admin-invite-toggle`: invite mode, which changes the closing block of / and /apply. */
export function adminInviteToggle(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  enabled: boolean;
}): Promise<{ enabled: boolean }> {
  return setSwitchSetting({ ...options, key: 'invite_mode' });
}
