import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { ownServer } from './helpers/own-server.ts';

const { openPage } = launchBrowser();

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/**
 * Issue 16 item 5 (docs/decisions/043): a browser's tabs share one `/api/events` stream, so
 * a browser's six connections per host are never all taken by streams.
 */
describe('live events shared by the tabs of a browser (own server: it switches maintenance)', () => {
  const own = ownServer();
  // A test that fails halfway must not leave the next (or its own retry) in maintenance.
  afterEach(() => own.setMaintenance(false));

  /** The pages of the context that opened an events stream, one entry per stream. */
  function streamsOpenedBy(context: BrowserContext): Page[] {
    const openers: Page[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') openers.push(request.frame().page());
    });
    return openers;
  }

  /** Tabs of one browser: the first from the pool, the others opened beside it. */
  async function openTabs(count: number) {
    const first = await openPage({ baseURL: own.baseURL });
    const context = first.context();
    const streams = streamsOpenedBy(context);
    const tabs = [first];
    while (tabs.length < count) tabs.push(await context.newPage());
    return { tabs, streams };
  }

  const maintenanceHeading = (tab: Page) => tab.getByRole('heading', { name: 'Under Maintenance' });
  const cardsHeading = (tab: Page) => tab.getByRole('heading', { name: 'Choose your calibre.' });

  /** What the browser tells a page when its tab is put in the background or brought back. */
  async function setHidden(tab: Page, hidden: boolean) {
    await tab.evaluate((hide) => {
      if (hide) {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => 'hidden',
        });
      } else {
        delete (document as { visibilityState?: unknown }).visibilityState;
      }
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  }

  it('eight tabs all render, hold one stream between them, and all switch live', async () => {
    const { tabs, streams } = await openTabs(8);
    // One after the other, as a visitor opens tabs: with a stream per tab the seventh would
    // wait for a free connection.
    for (const tab of tabs) {
      await tab.goto('/cards');
      await cardsHeading(tab).waitFor();
    }
    await poll(() => streams.length).toBe(1);

    await own.setMaintenance(true);
    for (const tab of tabs) await maintenanceHeading(tab).waitFor();
    await own.setMaintenance(false);
    for (const tab of tabs) await cardsHeading(tab).waitFor();
    expect(streams.length).toBe(1);
  });

  it('a hidden tab drops its stream, another tab takes it over, and the hidden one catches up when shown', async () => {
    const { tabs, streams } = await openTabs(2);
    const [first, second] = tabs as [Page, Page];
    await first.goto('/cards');
    await cardsHeading(first).waitFor();
    await poll(() => streams.length).toBe(1);
    await second.goto('/cards');
    await cardsHeading(second).waitFor();
    expect(streams).toEqual([first]);

    // The leader goes to the background: the other tab opens the stream in its place.
    await setHidden(first, true);
    await poll(() => streams.length).toBe(2);
    expect(streams[1]).toBe(second);

    await own.setMaintenance(true);
    await maintenanceHeading(second).waitFor();
    // The hidden tab no longer listens, so it heard nothing.
    expect(await cardsHeading(first).count()).toBe(1);

    // Shown again, it reads what it missed without opening a stream of its own.
    await setHidden(first, false);
    await maintenanceHeading(first).waitFor();
    expect(streams.length).toBe(2);

    await own.setMaintenance(false);
    await cardsHeading(first).waitFor();
    await cardsHeading(second).waitFor();
  });

  it('when the leading tab closes, another takes the stream over and every tab catches up', async () => {
    const { tabs, streams } = await openTabs(3);
    for (const tab of tabs) {
      await tab.goto('/cards');
      await cardsHeading(tab).waitFor();
    }
    await poll(() => streams.length).toBe(1);
    const leader = streams[0]!;
    await leader.close();
    await poll(() => streams.length).toBe(2);

    await own.setMaintenance(true);
    for (const tab of tabs.filter((tab) => tab !== leader)) await maintenanceHeading(tab).waitFor();
  });
});
