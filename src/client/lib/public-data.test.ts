import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  clearData,
  invalidate,
  peek,
  prefetch,
  setData,
  watch,
  type DataSource,
} from './public-data.ts';

afterEach(() => {
  clearData();
  vi.useRealTimers();
});

/** A source whose reads are counted and answered by the test. */
function source<T>(key: string, answers: (() => T | Promise<T>)[], options = {}) {
  const calls = { count: 0 };
  const src: DataSource<T> = {
    key: [key],
    fetch: async () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)]!;
      calls.count += 1;
      return answer();
    },
    ...options,
  };
  return { src, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the public data store', () => {
  it('shows what the page was drawn with and asks for none of it again', async () => {
    const { src, calls } = source('seeded', [() => 'from the network']);
    setData(['seeded'], 'from the page');
    const stop = watch(src);
    await settle();
    expect(peek(src)).toMatchObject({ data: 'from the page', isPending: false, isError: false });
    expect(calls.count).toBe(0);
    stop();
  });

  it('reads a missing entry once however many parts of the page show it', async () => {
    const { src, calls } = source('missing', [() => ['privacy', 'terms']]);
    const stops = [watch(src), watch(src), watch(src)];
    expect(peek(src)).toMatchObject({ isPending: true, isFetching: true });
    await settle();
    expect(peek(src)).toMatchObject({ data: ['privacy', 'terms'], isPending: false });
    expect(calls.count).toBe(1);
    for (const stop of stops) stop();
  });

  it('retries a failed read after 1 s, as SPEC §9 says, and not an answer that will not change', async () => {
    vi.useFakeTimers();
    const { src, calls } = source('flaky', [
      () => Promise.reject(new ApiError(503, 'Service unavailable')),
      () => 'second time lucky',
    ]);
    const stop = watch(src);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.count).toBe(1);
    expect(peek(src).isPending).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.count).toBe(2);
    expect(peek(src).data).toBe('second time lucky');
    stop();

    const refused = source('refused', [() => Promise.reject(new ApiError(404, 'Not found'))]);
    const stopRefused = watch(refused.src);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused.calls.count).toBe(1);
    expect(peek(refused.src)).toMatchObject({ isError: true, data: undefined });
    stopRefused();
  });

  it('gives up at once where a fallback is a complete answer (retry: false)', async () => {
    const { src, calls } = source('no-retry', [() => Promise.reject(new Error('offline'))], {
      retry: false,
    });
    const stop = watch(src);
    await settle();
    expect(peek(src)).toMatchObject({ isError: true, isFetching: false });
    expect(calls.count).toBe(1);
    stop();
  });

  it('reads a shown entry again when staff change it, and an unshown one when next shown', async () => {
    let version = 1;
    const { src, calls } = source('documents', [() => `version ${version}`]);
    const stop = watch(src);
    await settle();
    expect(peek(src).data).toBe('version 1');

    version = 2;
    await invalidate(['documents']);
    expect(peek(src).data).toBe('version 2');
    stop();

    version = 3;
    await invalidate(['documents']);
    // Nobody shows it: no read now, and the old answer stays until a page needs it.
    expect(calls.count).toBe(2);
    expect(peek(src).data).toBe('version 2');
    const again = watch(src);
    await settle();
    expect(peek(src).data).toBe('version 3');
    again();
  });

  it('replaces an entry from a change in hand, and a loader can start a read early', async () => {
    setData<string[]>(['list'], ['a', 'b']);
    setData<string[]>(['list'], (list = []) => list.map((item) => (item === 'b' ? 'B' : item)));
    expect(peek({ key: ['list'], fetch: async () => [] as string[] }).data).toEqual(['a', 'B']);

    const { src, calls } = source('press', [() => 'boilerplate']);
    prefetch(src);
    prefetch(src);
    await settle();
    expect(calls.count).toBe(1);
    expect(peek(src).data).toBe('boilerplate');
  });

  it('keeps a live change that arrives while a read begun before it is on its way', async () => {
    // The catch-up read after a dropped stream is answered with the old value, but the event
    // announcing the new one reaches the page first.
    let answer: (value: boolean) => void = () => undefined;
    const src: DataSource<boolean> = {
      key: ['maintenance'],
      fetch: () => new Promise<boolean>((resolve) => (answer = resolve)),
      retry: false,
    };
    setData(['maintenance'], false);
    const stop = watch(src);
    const reading = invalidate(['maintenance']);
    await settle();
    setData(['maintenance'], true);
    answer(false);
    await reading;
    expect(peek(src).data).toBe(true);
    expect(peek(src).isFetching).toBe(false);

    // A read begun after the change is kept as usual.
    const again = invalidate(['maintenance']);
    await settle();
    answer(false);
    await again;
    expect(peek(src).data).toBe(false);
    stop();
  });
});
