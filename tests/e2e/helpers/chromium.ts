/**
 * How every headless Chromium of ours is started and what a fresh visitor has stored: shared by
 * the e2e tests (browser.ts) and the accessibility scan (scripts/a11y-scan.ts). No test runner
 * imports here, so plain Node scripts can use it.
 */

import { existsSync } from 'node:fs';

/** Debian's Chromium; playwright-core downloads no browser of its own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * What the e2e tests drive: Debian's `chromium-headless-shell` (the same Chromium build without
 * the browser's windows and UI, as Playwright itself uses for headless runs) when installed,
 * else the full browser. The same engine draws the page either way; the shell costs the machine
 * about an eighth less CPU per test run (decision 058). The accessibility scan, screenshots and
 * Lighthouse keep the full browser.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH = existsSync(HEADLESS_SHELL_PATH)
  ? HEADLESS_SHELL_PATH
  : CHROMIUM_PATH;

/** What playwright-core 1.65 passes as --disable-features (chromiumSwitches.ts). */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Chromium's full headless mode builds a browser window per page, and each window preloads
  // the address bar's suggestion popups as two WebUI renderers: measured on the 2-core machine,
  // a third of every page's start-up CPU. A second --disable-features replaces Playwright's own
  // list, so that list is repeated here.
  `--disable-features=${[
    ...PLAYWRIGHT_DISABLED_FEATURES,
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
  ].join(',')}`,
  // The GPU process only composites in software here: one process fewer per browser.
  '--in-process-gpu',
  // Every page of a worker's browser in one renderer process rather than one per test's
  // context, whose start-up costs CPU on a 2-core machine. The whole e2e project's
  // summed file time went from 1,743 s to 1,436 s on the 2-core machine. (--single-process
  // was faster still, but its browser crashed for good part-way through the run.)
  '--renderer-process-limit=1',
  '--disable-site-isolation-trials',
];

/** The `waj_consent` record (SPEC §3) a visitor who has answered the consent sheet holds. */
export function consentRecord(analytics: boolean): string {
  return JSON.stringify({ essential: true, analytics, timestamp: new Date().toISOString() });
}
