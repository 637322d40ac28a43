import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ACTIVITY_STEP_MS } from '#shared/staff.ts';
import { getStaffActivity } from '#client/lib/staff-activity.ts';
import { applyLegalUpdates } from './apply-legal-updates.ts';
import { updateLegalDocument } from './update-legal-document.ts';

/**
 * The legal editor's calls are the member's own work with their staff token: the server counts
 * them toward the 30-minute idle end (decision 034), so the panel's count must move with them,
 * or a member back from editing finds the panel warning, or signing them out, early.
 */

/** Session storage as the browser keeps it: the token and the panel's record of activity. */
function stubBrowser() {
  const stored = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ ok: true, document: { slug: 'privacy' }, updated: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
}

const NOW = Date.parse('2026-11-25T10:00:00Z');
/** The panel's last recorded call, 20 minutes before now. */
const EARLIER = NOW - 20 * 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: EARLIER, toFake: ['Date'] });
  stubBrowser();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The panel records a call at EARLIER (as its own calls do), then the clock moves to NOW. */
function panelCalledEarlier() {
  window.sessionStorage.setItem('waj_admin_active', String(EARLIER));
  expect(getStaffActivity()).toBe(EARLIER);
  vi.setSystemTime(NOW);
}

describe("the legal editor's calls count as staff activity", () => {
  it('saving a document moves the idle count forward', async () => {
    panelCalledEarlier();
    await updateLegalDocument({
      data: { slug: 'privacy', title: 'Privacy', html: '<p>Changed</p>' },
      token: 'staff-token',
    });
    expect(getStaffActivity()).toBe(NOW);
  });

  it('applying the bundled documents moves it forward too', async () => {
    panelCalledEarlier();
    await applyLegalUpdates({ token: 'staff-token' });
    expect(getStaffActivity()).toBe(NOW);
  });

  it('like any staff call, records at most once a minute', async () => {
    panelCalledEarlier();
    const recent = NOW - STAFF_ACTIVITY_STEP_MS / 2;
    window.sessionStorage.setItem('waj_admin_active', String(recent));
    await applyLegalUpdates({ token: 'staff-token' });
    expect(getStaffActivity()).toBe(recent);
  });
});
