import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * One window per key: counted, and its expiry set on the first hit. A key that somehow lost its
 * expiry gets it back, so a counter can never block an address for good.
 */
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** Fixed windows in this process: what every limit falls back to while Redis is away. */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  incr(key: string, timeWindow: number): Result {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      // Expired windows are dropped now and then, so one flood of addresses cannot grow it forever.
      if (this.windows.size >= 10_000) {
        for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      }
      window = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count++;
    return { current: window.count, ttl: window.resetAt - now };
  }
}

export interface SharedRateLimits {
  /** The store for @fastify/rate-limit's `store` option. */
  store: FastifyRateLimitStoreCtor;
  /** Resolves once Redis first answers or fails, so limits are shared from the first request. */
  ready: Promise<void>;
  close(): void;
}

/**
 * Rate limits counted in Redis, so every instance counts the same attempts (CONTRACT §7). A
 * Redis outage never takes the site down: commands fail at once instead of queueing, limits are
 * counted in this process meanwhile (a guesser still meets a limit, per instance), and the
 * outage is logged once as a warning and its end once as info.
 */
export function redisRateLimits(
  url: string,
  options: { log: FastifyBaseLogger; keyPrefix?: string },
): SharedRateLimits {
  const { log } = options;
  const keyPrefix = options.keyPrefix ?? 'waj-rate-limit:';
  const redis = new Redis(url, {
    // Fail fast: a request never waits on a Redis that is not there.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 500,
    // Keep trying in the background, at most every 5 s, for as long as the server runs.
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  redis.defineCommand('wajRateLimit', { numberOfKeys: 1, lua: INCR_SCRIPT });
  const incrShared = (key: string, timeWindow: number) =>
    (
      redis as unknown as { wajRateLimit(key: string, ms: number): Promise<[number, number]> }
    ).wajRateLimit(key, timeWindow);

  let down = false;
  const wentDown = (error: unknown) => {
    if (down) return;
    down = true;
    const code = (error as { code?: unknown } | null)?.code;
    log.warn(
      { code: typeof code === 'string' ? code : undefined },
      'rate limits: Redis unreachable, counting in this process until it is back',
    );
  };
  // The URL may carry a password: only the error's code is logged, never its message.
  redis.on('error', wentDown);
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('rate limits: Redis is back, shared between instances again');
  });

  const ready = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    redis.once('ready', done);
    redis.once('error', done);
  });

  const local = new LocalWindows();

  class RedisOrLocalStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its own options, which it does not need.
    prefix = keyPrefix;

    incr(key: string, callback: Callback, timeWindow: number) {
      const fullKey = this.prefix + key;
      if (redis.status !== 'ready') {
        callback(null, local.incr(fullKey, timeWindow));
        return;
      }
      incrShared(fullKey, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: unknown) => {
          wentDown(error);
          callback(null, local.incr(fullKey, timeWindow));
        },
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      // One counter per route, as the plugin's own Redis store keys them.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const store = new RedisOrLocalStore();
      store.prefix = `${this.prefix}${String(route?.method ?? '')}${String(route?.url ?? '')}-`;
      return store;
    }
  }

  return {
    store: RedisOrLocalStore as unknown as FastifyRateLimitStoreCtor,
    ready,
    close: () => redis.disconnect(),
  };
}
