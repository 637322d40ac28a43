import { afterAll, beforeAll, expect } from 'vitest';
import { startBuiltServer, staffSignIn, type RunningServer } from './server.ts';

/**
 * A server of the describe block's own, started before its tests and stopped after them, with an
 * owner's session: for tests that change site-wide state (the maintenance switch, a legal
 * document) that other files running beside them must not see.
 */
export function ownServer() {
  let server: RunningServer | undefined;
  let token = '';

  beforeAll(async () => {
    server = await startBuiltServer();
    token = await staffSignIn(server.baseURL);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const started = () => {
    if (!server) throw new Error('e2e: ownServer() is used before its beforeAll has run');
    return server;
  };

  return {
    get baseURL() {
      return started().baseURL;
    },
    /** The owner's session, for staff calls made straight to the API. */
    get token() {
      return token;
    },
    /** Switches maintenance mode the way the staff panel does. */
    async setMaintenance(enabled: boolean) {
      const response = await fetch(`${started().baseURL}/api/admin-maintenance-toggle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-pass': token },
        body: JSON.stringify({ enabled }),
      });
      expect(response.status).toBe(200);
    },
  };
}
