/**
 * One `/api/events` stream per browser, not per tab (docs/decisions/043). A browser allows six
 * HTTP/1.1 connections per host, so a stream in every tab left a seventh tab's navigation
 * waiting. Instead the tabs elect a leader with a Web Lock: the leader alone holds the stream
 * and relays what it hears over a BroadcastChannel. When the leader closes or is hidden, the
 * lock passes to a visible tab, which opens a new stream.
 *
 * A hidden tab leaves altogether (no stream, no channel) and, when shown again, asks for what
 * it missed: its listeners' `onCatchUp` runs once a stream is open again. The same happens
 * after a dropped stream comes back, since changes made meanwhile were not heard.
 *
 * Without Web Locks or BroadcastChannel each tab simply holds its own stream, as before.
 */
import { callUrl } from './api-client.ts';

/** What a page wants to hear about. */
export interface LiveEventListener {
  /** An event from the stream: its SSE event name and its data line. */
  onEvent(type: string, data: string): void;
  /** The stream is open again after a gap: re-read what the events keep live. */
  onCatchUp(): void;
}

/** The named events the public stream sends (src/server/routes/events.ts). */
const EVENT_TYPES = ['site-setting'] as const;

const STREAM_URL = callUrl('events');
const CHANNEL_NAME = 'waj-live-events';
const LEADER_LOCK = 'waj-live-events-leader';

type Message =
  | { kind: 'event'; type: string; data: string }
  /** The leader's stream opened (`true`) or dropped or went away (`false`). */
  | { kind: 'status'; connected: boolean }
  /** A tab that just joined asks the leader whether its stream is open. */
  | { kind: 'ask' };

/** The browser pieces used, so tests can stand in for them. */
export interface LiveEventsEnvironment {
  openStream(url: string): EventSource;
  /** Absent: no sharing, every tab holds its own stream. */
  openChannel?: (name: string) => BroadcastChannel;
  locks?: LockManager;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

function browserEnvironment(): LiveEventsEnvironment | null {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return null;
  const shared = typeof BroadcastChannel !== 'undefined' && navigator.locks !== undefined;
  return {
    openStream: (url) => new EventSource(url),
    ...(shared
      ? { openChannel: (name: string) => new BroadcastChannel(name), locks: navigator.locks }
      : {}),
    document,
    window,
  };
}

/**
 * This tab's part in the browser's shared stream. Created with its first listener and stopped
 * with its last.
 */
export class LiveEventsTab {
  private readonly listeners = new Set<LiveEventListener>();
  private channel: BroadcastChannel | null = null;
  private lockRequest: AbortController | null = null;
  private releaseLock: (() => void) | null = null;
  private source: EventSource | null = null;
  private joined = false;
  /** This tab holds the stream and the connection is open. */
  private connected = false;
  /** Something may have been missed: catch up when a stream is next open. */
  private needsCatchUp = false;

  private readonly env: LiveEventsEnvironment;

  constructor(env: LiveEventsEnvironment) {
    this.env = env;
  }

  subscribe(listener: LiveEventListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private readonly onVisibility = () => {
    if (this.env.document.visibilityState === 'hidden') this.leave();
    // What happened while hidden was not heard.
    else if (!this.joined) this.join(true);
  };

  /** Leaving for the back/forward cache or for good: let another tab take the stream now. */
  private readonly onPageHide = () => this.leave();

  private readonly onPageShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted && !this.joined) this.join(true);
  };

  private start() {
    this.env.document.addEventListener('visibilitychange', this.onVisibility);
    this.env.window.addEventListener('pagehide', this.onPageHide);
    this.env.window.addEventListener('pageshow', this.onPageShow);
    // A tab opened in the background waits until it is shown.
    if (this.env.document.visibilityState !== 'hidden') this.join(false);
  }

  private stop() {
    this.env.document.removeEventListener('visibilitychange', this.onVisibility);
    this.env.window.removeEventListener('pagehide', this.onPageHide);
    this.env.window.removeEventListener('pageshow', this.onPageShow);
    this.leave();
  }

  private join(catchUp: boolean) {
    this.joined = true;
    this.needsCatchUp = catchUp;
    const { openChannel, locks } = this.env;
    if (!openChannel || !locks) {
      this.lead();
      return;
    }
    const channel = openChannel(CHANNEL_NAME);
    this.channel = channel;
    channel.onmessage = (event: MessageEvent<Message>) => this.receive(event.data);
    const request = new AbortController();
    this.lockRequest = request;
    // Held until this tab leaves: the promise settles only when `releaseLock` is called.
    const holdAndLead = (takeover: boolean) =>
      new Promise<void>((release) => {
        this.releaseLock = release;
        this.lead(takeover);
      });
    // Free at once: no tab led, so none heard anything. Taken: wait in the queue, and when this
    // tab's turn comes another tab's stream has gone, so there is a gap to catch up on.
    locks
      .request(LEADER_LOCK, { ifAvailable: true }, (lock) => {
        if (this.lockRequest !== request) return undefined;
        if (lock) return holdAndLead(false);
        return locks.request(LEADER_LOCK, { signal: request.signal }, () =>
          this.lockRequest === request ? holdAndLead(true) : undefined,
        );
      })
      // Aborted because the tab left before its turn came.
      .catch(() => undefined);
    channel.postMessage({ kind: 'ask' } satisfies Message);
  }

  private leave() {
    if (!this.joined) return;
    this.joined = false;
    this.lockRequest?.abort();
    this.lockRequest = null;
    if (this.source) {
      this.source.close();
      this.source = null;
      this.connected = false;
      // The followers lose their relay until another tab takes over.
      this.post({ kind: 'status', connected: false });
    }
    this.releaseLock?.();
    this.releaseLock = null;
    this.channel?.close();
    this.channel = null;
  }

  /**
   * This tab holds the lock (or shares nothing): open the stream and relay it. Taking over
   * from another tab leaves a gap every tab must catch up on.
   */
  private lead(takeover = false) {
    if (takeover) this.setStatus(false);
    const source = this.env.openStream(STREAM_URL);
    this.source = source;
    source.addEventListener('open', () => this.setStatus(true));
    source.addEventListener('error', () => this.setStatus(false));
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        const { data } = event as MessageEvent<string>;
        this.post({ kind: 'event', type, data });
        this.deliver(type, data);
      });
    }
  }

  private setStatus(connected: boolean) {
    this.connected = connected;
    this.post({ kind: 'status', connected });
    this.onStatus(connected);
  }

  private post(message: Message) {
    this.channel?.postMessage(message);
  }

  private receive(message: Message) {
    if (message.kind === 'event') {
      this.deliver(message.type, message.data);
    } else if (message.kind === 'status') {
      // The leader knows its own stream; a late word from the tab it took over from is stale.
      if (!this.source) this.onStatus(message.connected);
    } else if (message.kind === 'ask' && this.connected) {
      this.post({ kind: 'status', connected: true });
    }
  }

  private onStatus(connected: boolean) {
    if (!connected) {
      this.needsCatchUp = true;
    } else if (this.needsCatchUp) {
      this.needsCatchUp = false;
      for (const listener of this.listeners) listener.onCatchUp();
    }
  }

  private deliver(type: string, data: string) {
    for (const listener of this.listeners) listener.onEvent(type, data);
  }
}

let tab: LiveEventsTab | null | undefined;

/**
 * Hears the public live events (CONTRACT §2) through the browser's one shared stream. Answers
 * the function that stops listening. Does nothing where there is no EventSource (server render).
 */
export function subscribeLiveEvents(listener: LiveEventListener): () => void {
  if (tab === undefined) {
    const env = browserEnvironment();
    tab = env ? new LiveEventsTab(env) : null;
  }
  return tab ? tab.subscribe(listener) : () => undefined;
}
