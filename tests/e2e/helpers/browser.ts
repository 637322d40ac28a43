import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, consentRecord } from './chromium.ts';

/** Where the server started by global-setup.ts listens, e.g. http://127.0.0.1:40123. */
export const baseURL = inject('baseURL');

export interface PageOptions {
  /** Another server than the shared one (see helpers/server.ts). */
  baseURL?: string;
  viewport?: { width: number; height: number };
  /**
   * Console errors and warnings this test expects, matched against the line that would be
   * reported: `[error] message (url:line)`. Any other error or warning fails the test.
   */
  allowConsole?: RegExp[];
  /**
   * Cookie consent stored before the page loads, so the consent sheet (SPEC §2: shown 1 s after
   * load when none is stored) stays out of tests about something else. `null` stores none.
   * Default: essential only.
   */
  consent?: 'all' | 'essential' | null;
  /**
   * The visitor's motion preference. Default: reduced, so no test waits for an animation;
   * tests about animation itself ask for 'no-preference'.
   */
  motion?: 'reduce' | 'no-preference';
}

export { consentRecord };

let workerBrowser: Promise<Browser> | undefined;

/**
 * One Chromium per test worker, shared by every file the worker runs (the e2e project does not
 * isolate its files): starting one costs a second of a busy machine's CPU, a fresh context per
 * test costs almost nothing. Playwright stops it when the worker process exits.
 */
function browserOfWorker(): Promise<Browser> {
  workerBrowser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return workerBrowser;
}

/**
 * Call at the top of a test file; it returns `openPage`, which gives each test a fresh context
 * (no shared cookies or storage) in the worker's Chromium. A console error or warning, or an
 * uncaught exception in the page, that the test did not allow fails the test after it ran.
 */
export function launchBrowser(): { openPage: (options?: PageOptions) => Promise<Page> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await browserOfWorker();
  });

  afterAll(async () => {
    // Pages of this file are closed; the browser stays for the worker's next file.
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const found = problems.splice(0);
    if (found.length) {
      throw new Error(`Unexpected browser console output:\n${found.join('\n')}`);
    }
  });

  async function openPage(options: PageOptions = {}): Promise<Page> {
    if (!browser) throw new Error('openPage() runs inside a test, after launchBrowser()');
    const context = await browser.newContext({
      baseURL: options.baseURL ?? baseURL,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      reducedMotion: options.motion ?? 'reduce',
    });
    contexts.push(context);
    // Fail in seconds, well inside the test timeout, when something never shows up.
    context.setDefaultTimeout(10_000);
    const consent = options.consent === undefined ? 'essential' : options.consent;
    if (consent !== null) {
      // Only when absent: a test may still clear it and reload.
      await context.addInitScript(
        (record: string) => {
          if (window.localStorage.getItem('waj_consent') === null) {
            window.localStorage.setItem('waj_consent', record);
          }
        },
        consentRecord(consent === 'all'),
      );
    }
    const page = await context.newPage();
    const allowed = options.allowConsole ?? [];
    page.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      const { url, lineNumber } = message.location();
      const line = `[${type}] ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
      if (!allowed.some((pattern) => pattern.test(line))) problems.push(line);
    });
    page.on('pageerror', (error) => problems.push(`[pageerror] ${error.stack ?? error.message}`));
    return page;
  }

  return { openPage };
}
