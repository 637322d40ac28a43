import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH, consentRecord } from './chromium.ts';
import { registerServerStaff } from './server.ts';

/** Where the server started by global-setup.ts listens, e.g. http://127.0.0.1:40123. */
export const baseURL = inject('baseURL');
registerServerStaff(baseURL, inject('e2eStaff'));

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

const DEFAULT_VIEWPORT = { width: 1280, height: 800 };
// Generous for a slow, shared 2-core machine: a passing wait is not slowed by it.
const DEFAULT_TIMEOUT_MS = 20_000;
/** Clean pages kept per worker for the next test; more would only hold memory. */
const MAX_IDLE = 4;

/**
 * A browser context with its one page, handed to one test at a time.
 *
 * Why pages are reused (decision 023): on the 2-core machine a new page costs about 1.4 s of
 * CPU (a browser window, a renderer process, every script compiled afresh), a navigation in a
 * page that already ran the app about 0.4 s. A page goes back to the pool only if the test
 * left nothing behind that a reset cannot undo; the reset clears cookies and every visited
 * origin's local and session storage, and lands on about:blank, so the next test starts as a
 * new visitor. Anything else (a fake clock, permissions, offline mode, a second page, extra
 * headers, exposed functions) retires the context.
 */
interface Lease {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  /** http(s) origins the page has shown, to clear their storage on reset. */
  origins: Set<string>;
  /** Init scripts and bindings the test added: removed on reset. */
  disposables: { dispose(): Promise<void> }[];
  /** Listeners the test added to the page or context: removed on reset. */
  listeners: [Emitter, string, (...args: unknown[]) => void][];
  /** True while a test holds the page, so listeners it adds are recorded. */
  recording: boolean;
  /** Set when the test changed something a reset cannot undo. */
  dirty: boolean;
  closed: boolean;
  /** The current test's allowed console lines and where unexpected ones go. */
  allowed: RegExp[];
  problems: string[];
}

interface Emitter {
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

let workerBrowser: Promise<Browser> | undefined;
const idle: Lease[] = [];

/**
 * One Chromium per test worker, shared by every file the worker runs (the e2e project does not
 * isolate its files). Playwright stops it when the worker process exits.
 */
function browserOfWorker(): Promise<Browser> {
  workerBrowser ??= chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return workerBrowser;
}

/** Methods whose effect outlives a test and has no undo: calling one retires the context. */
const STICKY_PAGE = ['setExtraHTTPHeaders', 'routeFromHAR', 'routeWebSocket', 'addLocatorHandler'];
const STICKY_CONTEXT = [
  'setExtraHTTPHeaders',
  'grantPermissions',
  'setGeolocation',
  'setOffline',
  'setHTTPCredentials',
  'routeFromHAR',
  'routeWebSocket',
  'newPage',
];
const STICKY_CLOCK = [
  'install',
  'setFixedTime',
  'setSystemTime',
  'pauseAt',
  'runFor',
  'fastForward',
];
/** How listeners are added: those a test adds are removed on reset. */
const LISTENER_METHODS = ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener'];
/** Methods that answer a Disposable: undone on reset. */
const DISPOSABLE = ['addInitScript', 'exposeBinding', 'exposeFunction'];

function watch(target: object, names: string[], onCall: (result: unknown) => void) {
  const record = target as Record<string, unknown>;
  for (const name of names) {
    const original = record[name];
    if (typeof original !== 'function') continue;
    record[name] = function (this: unknown, ...args: unknown[]) {
      const result = (original as (...a: unknown[]) => unknown).apply(target, args);
      onCall(result);
      return result;
    };
  }
}

/**
 * A page the server drew is readable before its app has hydrated it (decision 047); a person
 * acts on it once it responds. `goto` and `reload` return once such a page is live (hydrated), so a
 * test never presses a button whose handler has not arrived yet.
 */
function liveAfterNavigation(page: Page) {
  const record = page as unknown as Record<'goto' | 'reload', (...args: unknown[]) => unknown>;
  for (const name of ['goto', 'reload'] as const) {
    const original = record[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    record[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      await page.waitForFunction(
        () =>
          document.getElementById('waj-page-data') === null ||
          document.documentElement.dataset.hydrated === 'true',
      );
      return response;
    };
  }
}

function consoleLine(message: ConsoleMessage): string | null {
  const type = message.type();
  if (type !== 'error' && type !== 'warning') return null;
  const { url, lineNumber } = message.location();
  return `[${type}] ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
}

function listen(lease: Lease) {
  const { page } = lease;
  page.on('console', (message) => {
    const line = consoleLine(message);
    if (line && !lease.allowed.some((pattern) => pattern.test(line))) lease.problems.push(line);
  });
  page.on('pageerror', (error) =>
    lease.problems.push(`[pageerror] ${error.stack ?? error.message}`),
  );
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') lease.origins.add(url.origin);
  });
  page.on('close', () => (lease.closed = true));
}

async function newLease(browser: Browser, base: string, motion: PageOptions['motion']) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: DEFAULT_VIEWPORT,
    reducedMotion: motion ?? 'reduce',
  });
  // Every tab of the context, the first and any a test opens beside it.
  context.on('page', liveAfterNavigation);
  const page = await context.newPage();
  const lease: Lease = {
    context,
    page,
    baseURL: base,
    origins: new Set(),
    disposables: [],
    listeners: [],
    recording: false,
    dirty: false,
    closed: false,
    allowed: [],
    problems: [],
  };
  context.on('close', () => (lease.closed = true));
  listen(lease);
  const sticky = () => (lease.dirty = true);
  const track = (result: unknown) => {
    void Promise.resolve(result).then(
      (disposable) => lease.disposables.push(disposable as Lease['disposables'][number]),
      () => undefined,
    );
  };
  watch(page, STICKY_PAGE, sticky);
  watch(context, STICKY_CONTEXT, sticky);
  watch(page.clock, STICKY_CLOCK, sticky);
  watch(page, DISPOSABLE, track);
  watch(context, DISPOSABLE, track);
  for (const target of [page, context]) {
    const record = target as unknown as Record<string, unknown>;
    for (const name of LISTENER_METHODS) {
      const original = record[name] as (...args: unknown[]) => unknown;
      record[name] = function (event: string, listener: (...args: unknown[]) => void) {
        if (lease.recording) lease.listeners.push([target as unknown as Emitter, event, listener]);
        return original.call(target, event, listener);
      };
    }
  }
  return lease;
}

/**
 * Makes a page that a test used look new: no routes, init scripts, listeners, cookies or
 * storage of the last test. Answers false when the page cannot be trusted again.
 */
async function reset(lease: Lease): Promise<boolean> {
  if (lease.dirty || lease.closed || lease.context.pages().length !== 1) return false;
  const { page, context } = lease;
  try {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all(lease.disposables.splice(0).map((item) => item.dispose()));
    // Only the test's own listeners go: Playwright's internal ones live on the same emitters
    // (context.close() waits on one of them).
    lease.recording = false;
    for (const [target, event, listener] of lease.listeners.splice(0)) {
      target.off(event, listener);
    }
    // Storage is per origin and can only be cleared from a document of that origin, and every
    // document Chromium shows without a script of ours makes it ask for /favicon.ico (a 404 on
    // the next test's console): so clear it on the page the test left, when that page is the
    // only origin it visited, and retire the context otherwise.
    const here = new URL(page.url());
    const current = here.protocol === 'http:' || here.protocol === 'https:' ? here.origin : null;
    if (lease.origins.size > 1) return false;
    if (lease.origins.size === 1) {
      if (current === null || !lease.origins.has(current)) return false;
      const cleared = page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
        return true;
      });
      const late = new Promise<false>((done) => setTimeout(() => done(false), 5_000).unref());
      if (!(await Promise.race([cleared, late]))) return false;
    }
    lease.origins.clear();
    await page.goto('about:blank');
    await context.clearCookies();
    return !lease.closed;
  } catch {
    return false;
  }
}

/**
 * Call at the top of a test file; it returns `openPage`, which gives each test a page of its
 * own in the worker's Chromium, with no cookies or storage (see Lease for how pages are
 * reused). A console error or warning, or an uncaught exception in the page, that the test did
 * not allow fails the test after it ran.
 */
export function launchBrowser(): { openPage: (options?: PageOptions) => Promise<Page> } {
  let browser: Browser | undefined;
  const leased: Lease[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await browserOfWorker();
  });

  async function giveBack(lease: Lease) {
    lease.problems = [];
    lease.recording = true;
    if ((await reset(lease)) && idle.length < MAX_IDLE) {
      idle.push(lease);
    } else {
      await lease.context.close().catch(() => undefined);
    }
  }

  afterEach(async () => {
    for (const lease of leased) problems.push(...lease.problems);
    await Promise.all(leased.splice(0).map(giveBack));
    const found = problems.splice(0);
    if (found.length) {
      throw new Error(`Unexpected browser console output:\n${found.join('\n')}`);
    }
  });

  afterAll(async () => {
    // Pages kept for another server of this file would only ever fail to load.
    const others = idle.filter((lease) => lease.baseURL !== baseURL);
    for (const lease of others) idle.splice(idle.indexOf(lease), 1);
    await Promise.all(others.map((lease) => lease.context.close().catch(() => undefined)));
  });

  async function openPage(options: PageOptions = {}): Promise<Page> {
    if (!browser) throw new Error('openPage() runs inside a test, after launchBrowser()');
    const base = options.baseURL ?? baseURL;
    const index = idle.findIndex((lease) => lease.baseURL === base);
    const lease =
      index >= 0 ? idle.splice(index, 1)[0]! : await newLease(browser, base, options.motion);
    leased.push(lease);
    lease.allowed = options.allowConsole ?? [];
    lease.problems = [];
    lease.recording = true;
    const { page, context } = lease;
    // Fail in seconds, well inside the test timeout, when something never shows up.
    context.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
    page.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
    page.setDefaultNavigationTimeout(DEFAULT_TIMEOUT_MS);
    await page.setViewportSize(options.viewport ?? DEFAULT_VIEWPORT);
    await page.emulateMedia({
      media: null,
      colorScheme: 'light',
      forcedColors: null,
      reducedMotion: options.motion ?? 'reduce',
    });
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
    return page;
  }

  return { openPage };
}
