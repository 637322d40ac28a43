import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { setSwitchSetting } from './switch-setting.ts';

/** `admin-maintenance-toggle`: turns the maintenance page on or off for every visitor. */
export function adminMaintenanceToggle(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  enabled: boolean;
}): Promise<{ enabled: boolean }> {
  return setSwitchSetting({ ...options, key: 'maintenance_mode' });
}
