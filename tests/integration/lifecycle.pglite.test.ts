// Runs in the PGlite integration project only (see vitest.config.ts).
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  signIn,
  signInAndEnrol,
  startServer,
  tempDir,
  undoLifecycle,
} from '../helpers/lifecycle.ts';

// Servers, folders and databases these tests make are undone after each (helpers/lifecycle.ts).
afterEach(undoLifecycle);

describe('embedded database under DATA_DIR', () => {
  it('keeps data and the generated passphrase across a restart; a new DATA_DIR starts clean', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.passphrase).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){5}$/);
    const token = await signInAndEnrol(first.server, first.passphrase!);
    await first.server.ctx.db.execute(
      sql`update site_settings set value = '{"enabled": true}' where key = 'maintenance_mode'`,
    );
    await first.server.close();

    const second = await startServer({ DATA_DIR: dataDir });
    // Shown once only: the restart does not print (or change) it.
    expect(second.passphrase).toBeUndefined();
    // The passphrase still opens the code step, and the second factor enrolled is kept.
    const again = await signIn(second.server, first.passphrase!);
    expect(again.statusCode).toBe(200);
    expect(again.json().mfa).toBe('verify');
    const maintenance = await second.server.app.inject('/api/site-settings/maintenance_mode');
    expect(maintenance.json().value).toEqual({ enabled: true });
    const signOut = await second.server.app.inject({
      method: 'POST',
      url: '/api/admin-signout',
      headers: { 'x-admin-pass': token },
    });
    expect(signOut.statusCode).toBe(200);
    await second.server.close();

    const other = await startServer({ DATA_DIR: tempDir() });
    expect(other.passphrase).toMatch(/^[0-9A-Z-]{35}$/);
    expect(other.passphrase).not.toBe(first.passphrase);
    expect((await signIn(other.server, first.passphrase!)).statusCode).toBe(401);
    const fresh = await other.server.app.inject('/api/site-settings/maintenance_mode');
    expect(fresh.json().value).toEqual({ enabled: false });
  });
});
