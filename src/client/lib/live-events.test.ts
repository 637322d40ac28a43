import { afterEach, describe, expect, it } from 'vitest';
import {
  LiveEventsTab,
  type LiveEventListener,
  type LiveEventsEnvironment,
} from './live-events.ts';

// Node has BroadcastChannel and Web Locks shared within the process, so several
// LiveEventsTab objects here behave as tabs of one browser; the stream and the page are fakes.

class FakeStream extends EventTarget {
  closed = false;
  close() {
    this.closed = true;
  }
  emit(type: string, data?: string) {
    this.dispatchEvent(data === undefined ? new Event(type) : new MessageEvent(type, { data }));
  }
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

interface FakeTab {
  streams: FakeStream[];
  document: FakeDocument;
  events: string[];
  catchUps: number;
  stop: () => void;
}

const running: FakeTab[] = [];

function openTab(options: { shared?: boolean } = {}): FakeTab {
  const streams: FakeStream[] = [];
  const page = new FakeDocument();
  const env: LiveEventsEnvironment = {
    openStream: () => {
      const stream = new FakeStream();
      streams.push(stream);
      return stream as unknown as EventSource;
    },
    ...(options.shared === false
      ? {}
      : { openChannel: (name: string) => new BroadcastChannel(name), locks: navigator.locks }),
    document: page as unknown as Document,
    window: new EventTarget() as unknown as Window,
  };
  const tab: FakeTab = { streams, document: page, events: [], catchUps: 0, stop: () => {} };
  const listener: LiveEventListener = {
    onEvent: (type, data) => tab.events.push(`${type} ${data}`),
    onCatchUp: () => tab.catchUps++,
  };
  tab.stop = new LiveEventsTab(env).subscribe(listener);
  running.push(tab);
  return tab;
}

const poll = <T>(read: () => T) => expect.poll(read, { timeout: 5_000, interval: 5 });
const openStreams = (tab: FakeTab) => tab.streams.filter((stream) => !stream.closed);

afterEach(() => {
  for (const tab of running.splice(0)) tab.stop();
});

describe('one events stream shared by the tabs of a browser', () => {
  it('opens one stream for two tabs and relays its events to both, without re-reading', async () => {
    const first = openTab();
    await poll(() => first.streams.length).toBe(1);
    const second = openTab();
    first.streams[0]!.emit('open');
    first.streams[0]!.emit('site-setting', '{"key":"maintenance_mode"}');
    await poll(() => second.events).toEqual(['site-setting {"key":"maintenance_mode"}']);
    expect(first.events).toEqual(['site-setting {"key":"maintenance_mode"}']);
    expect(second.streams).toEqual([]);
    expect(first.catchUps + second.catchUps).toBe(0);
  });

  it('makes every tab re-read once the dropped stream is back', async () => {
    const first = openTab();
    const second = openTab();
    await poll(() => first.streams.length).toBe(1);
    const stream = first.streams[0]!;
    stream.emit('open');
    stream.emit('error');
    stream.emit('open');
    await poll(() => second.catchUps).toBe(1);
    expect(first.catchUps).toBe(1);
  });

  it('hands the stream over when the leading tab is hidden; the hidden tab catches up when shown', async () => {
    const first = openTab();
    await poll(() => first.streams.length).toBe(1);
    const second = openTab();
    first.streams[0]!.emit('open');

    first.document.show('hidden');
    expect(openStreams(first)).toEqual([]);
    await poll(() => second.streams.length).toBe(1);
    second.streams[0]!.emit('open');
    // The tab that took over missed whatever happened between the two streams.
    expect(second.catchUps).toBe(1);
    second.streams[0]!.emit('site-setting', 'while hidden');
    expect(second.events).toEqual(['site-setting while hidden']);

    first.document.show('visible');
    await poll(() => first.catchUps).toBe(1);
    expect(first.events).toEqual([]);
    expect(first.streams.length).toBe(1);
  });

  it('lets a tab without Web Locks or BroadcastChannel hold its own stream', async () => {
    const first = openTab({ shared: false });
    const second = openTab({ shared: false });
    expect(first.streams.length).toBe(1);
    expect(second.streams.length).toBe(1);
    first.document.show('hidden');
    expect(openStreams(first)).toEqual([]);
    first.document.show('visible');
    first.streams[1]!.emit('open');
    expect(first.catchUps).toBe(1);
  });
});
