import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { isRetryable, MAX_RETRIES, retryDelay } from './retry.ts';

/**
 * What public pages read (the site's switches, card art, legal documents, press text) and the
 * few things they send, without TanStack Query: a visitor's first page does not download a
 * query library for five small reads (decision 053). The apply flow and the staff panel keep
 * TanStack Query, in their own bundles.
 *
 * Entries are keyed as the server keys the data it writes into a drawn page
 * (shared/page-data.ts), so the page's data seeds them before the first render and hydration
 * draws what the server drew. A page that needs an entry nobody sent fetches it.
 */

export type DataKey = readonly string[];

/** How one entry is read. */
export interface DataSource<T> {
  key: DataKey;
  fetch: () => Promise<T>;
  /** How long an answer is used before a page that needs it asks again (default: the visit). */
  staleMs?: number;
  /** Retried on failure as SPEC §9 says (up to 3 times, with back-off), unless false. */
  retry?: boolean;
}

/** What a page sees of an entry: the same fields it read from TanStack Query. */
export type DataState<T> = (
  | { data: undefined; isPending: true; isError: false }
  | { data: undefined; isPending: false; isError: true }
  | { data: T; isPending: false; isError: false }
) & {
  isFetching: boolean;
  refetch: () => Promise<void>;
};

interface Entry {
  readonly hasData: boolean;
  readonly data?: unknown;
  readonly failed: boolean;
  readonly fetching: boolean;
  readonly updatedAt: number;
  /** Known to be out of date (a change was made): read again when next needed. */
  readonly stale: boolean;
  /** Counts the values set directly (setData), so a read that started before one is not kept. */
  readonly version: number;
}

const EMPTY: Entry = {
  hasData: false,
  failed: false,
  fetching: false,
  updatedAt: 0,
  stale: false,
  version: 0,
};

const entries = new Map<string, Entry>();
const running = new Map<string, Promise<void>>();
const watchers = new Map<string, number>();
const sources = new Map<string, DataSource<unknown>>();
const listeners = new Set<() => void>();

const idOf = (key: DataKey) => JSON.stringify(key);

function write(id: string, change: Partial<Entry>): void {
  entries.set(id, { ...(entries.get(id) ?? EMPTY), ...change });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads an entry, once at a time however many pages ask; retries as the source allows. */
function load<T>(source: DataSource<T>): Promise<void> {
  const id = idOf(source.key);
  const current = running.get(id);
  if (current) return current;
  const run = (async () => {
    write(id, { fetching: true });
    const { version } = entries.get(id) ?? EMPTY;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const data = await source.fetch();
        // A live event set a value while this read was on its way: the read may have been
        // answered before that change, so the event's value stands.
        if ((entries.get(id) ?? EMPTY).version !== version) {
          write(id, { fetching: false });
          return;
        }
        const updatedAt = Date.now();
        write(id, { hasData: true, data, failed: false, fetching: false, updatedAt, stale: false });
        return;
      } catch (error) {
        if (source.retry === false || attempt >= MAX_RETRIES || !isRetryable(error)) {
          write(id, { failed: true, fetching: false });
          return;
        }
        await wait(retryDelay(attempt));
      }
    }
  })().finally(() => running.delete(id));
  running.set(id, run);
  return run;
}

function isStale(entry: Entry, source: DataSource<unknown>): boolean {
  if (!entry.hasData || entry.stale) return true;
  return Date.now() - entry.updatedAt > (source.staleMs ?? Number.POSITIVE_INFINITY);
}

/** Starts showing an entry (a page mounted): fetched when missing or stale. Returns the stop. */
export function watch<T>(source: DataSource<T>): () => void {
  const id = idOf(source.key);
  const current = source as DataSource<unknown>;
  sources.set(id, current);
  watchers.set(id, (watchers.get(id) ?? 0) + 1);
  const seen = entries.get(id) ?? EMPTY;
  if (!seen.fetching && isStale(seen, current)) void load(current);
  return () => {
    watchers.set(id, (watchers.get(id) ?? 1) - 1);
  };
}

/** An entry as a page sees it. */
export function peek<T>(source: DataSource<T>): DataState<T> {
  return stateOf(entries.get(idOf(source.key)) ?? EMPTY, () => load(source));
}

function stateOf<T>(entry: Entry, refetch: () => Promise<void>): DataState<T> {
  const common = { isFetching: entry.fetching, refetch };
  if (entry.hasData) return { data: entry.data as T, isPending: false, isError: false, ...common };
  if (entry.failed) return { data: undefined, isPending: false, isError: true, ...common };
  return { data: undefined, isPending: true, isError: false, ...common };
}

/**
 * Reads an entry for a page: at once from the store, fetching it when missing or stale. The
 * source is one object per entry (a module constant), not one made afresh at each render.
 */
export function useData<T>(source: DataSource<T>): DataState<T> {
  const id = idOf(source.key);
  const read = () => entries.get(id) ?? EMPTY;
  // The server's render and hydration read the same seeded entries.
  const entry = useSyncExternalStore(subscribe, read, read);
  useEffect(() => watch(source), [source]);
  const refetch = useCallback(() => load(source), [source]);
  return stateOf<T>(entry, refetch);
}

/** Starts reading an entry a page is about to need (a route loader); never throws. */
export function prefetch<T>(source: DataSource<T>): void {
  const seen = entries.get(idOf(source.key)) ?? EMPTY;
  if (!seen.fetching && isStale(seen, source as DataSource<unknown>)) void load(source);
}

/** Replaces an entry's data (a live event, a change staff just made, the page's own data). */
export function setData<T>(key: DataKey, data: T | ((previous: T | undefined) => T)): void {
  const id = idOf(key);
  const previous = entries.get(id)?.data as T | undefined;
  const next =
    typeof data === 'function' ? (data as (previous: T | undefined) => T)(previous) : data;
  const version = (entries.get(id)?.version ?? 0) + 1;
  write(id, {
    hasData: true,
    data: next,
    failed: false,
    updatedAt: Date.now(),
    stale: false,
    version,
  });
}

/** Marks an entry out of date: read again now if a page shows it, else when one next does. */
export function invalidate(key: DataKey): Promise<void> {
  const id = idOf(key);
  if (entries.has(id)) write(id, { stale: true });
  const source = sources.get(id);
  if (!source || (watchers.get(id) ?? 0) === 0) return Promise.resolve();
  // A read already under way may have started before the change: read once more after it.
  return (running.get(id) ?? Promise.resolve()).then(() => load(source));
}

/** Empties the store: the server's render, which seeds it per page, and tests. */
export function clearData(): void {
  entries.clear();
  watchers.clear();
  sources.clear();
}

/**
 * A call a page makes (send a message, save a document): `mutate` with per-call outcomes and
 * `isPending` while it runs, as TanStack Query's mutations had, without retries (SPEC §9).
 */
export function useAction<Input, Output>(run: (input: Input) => Promise<Output>) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (
      input: Input,
      outcome: { onSuccess?: (output: Output) => void; onError?: (error: unknown) => void } = {},
    ) => {
      setPending(true);
      run(input).then(
        (output) => {
          setPending(false);
          outcome.onSuccess?.(output);
        },
        (error: unknown) => {
          setPending(false);
          outcome.onError?.(error);
        },
      );
    },
    [run],
  );
  return { mutate, isPending };
}
