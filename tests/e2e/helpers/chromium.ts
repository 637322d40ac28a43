/**
 * How every headless Chromium of ours is started and what a fresh visitor has stored: shared by
 * the e2e tests (browser.ts) and the accessibility scan (scripts/a11y-scan.ts). No test runner
 * imports here, so plain Node scripts can use it.
 */

/** Debian's Chromium; playwright-core downloads no browser of its own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The `waj_consent` record (SPEC §3) a visitor who has answered the consent sheet holds. */
export function consentRecord(analytics: boolean): string {
  return JSON.stringify({ essential: true, analytics, timestamp: new Date().toISOString() });
}
