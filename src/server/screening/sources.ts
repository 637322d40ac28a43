import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SCREENING_UPLOAD_MAX_BYTES } from '#shared/schemas/screening.ts';
import type { Actor } from '../audit.ts';
import { queryRows, type Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { importParsedFiles, parseListFiles, type ParsedFile } from './lists.ts';
import { ListFormatError } from './types.ts';

export const SOURCES_JOB = 'screening-sources';

/** One key for every instance (single-key form, apart from the two-key list locks). */
const SOURCES_LOCK_KEY = 0x7761_6a08;

/** How long one download may take, headers to last byte. */
export const SOURCE_TIMEOUT_MS = 60_000;
/** A published list is a few MB; OpenSanctions' larger exports stay under this. */
export const SOURCE_MAX_BYTES = 2 * SCREENING_UPLOAD_MAX_BYTES;

const SYSTEM: Actor = { type: 'system', id: SOURCES_JOB };

export interface SourcesOptions {
  db: Db;
  /** SCREENING_SOURCES: http(s) addresses of list files. */
  sources: string[];
  /** SCREENING_REFRESH_HOURS: a check runs only when the last one is older than this. */
  refreshHours: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Tests hand in their own. */
  fetch?: typeof fetch;
  /** The clock: tests move it instead of waiting hours. */
  now?: Date;
  maxBytes?: number;
}

export interface SourcesCounts {
  /** Addresses tried. */
  checked: number;
  /** New list versions made (an unchanged list makes none). */
  loaded: number;
  /** Addresses that could not be downloaded, read or loaded. */
  failed: number;
}

/** The address without user name, password or query values: safe to log and to store. */
export function safeSource(address: string): string {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    return 'invalid address';
  }
}

/** Why a source failed, in words that hold no response body and no credentials. */
function reasonOf(error: unknown): string {
  if (error instanceof ListFormatError || error instanceof SourceError) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${SOURCE_TIMEOUT_MS / 1000} s`;
  }
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' ? `download failed (${code})` : 'download failed';
}

class SourceError extends Error {}

/** The file at `address`, read up to `maxBytes` (refused beyond). */
async function download(address: string, fetcher: typeof fetch, maxBytes: number) {
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SourceError('only http and https addresses are fetched');
  }
  const response = await fetcher(url, { signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new SourceError(`the server answered ${response.status}`);
  }
  const tooLarge = () => new SourceError(`the file is over ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** The last path segment, as a file name for error messages. */
const fileName = (address: string) =>
  decodeURIComponent(new URL(address).pathname.split('/').pop() || 'download');

/**
 * Takes the turn of this check, or says another instance has it or had it recently: under the
 * advisory lock, a `running` row of job_runs is written when the last one is older than
 * `refreshHours`. The downloads then run outside any transaction; the row keeps the others out
 * (a run that dies midway too, until refreshHours have passed).
 */
async function claimRun(db: Db, now: Date, refreshHours: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SOURCES_LOCK_KEY}) as locked`,
    );
    if (!lock?.locked) return null;
    const [last] = await tx
      .select({ startedAt: jobRuns.startedAt })
      .from(jobRuns)
      .where(eq(jobRuns.job, SOURCES_JOB))
      .orderBy(desc(jobRuns.startedAt))
      .limit(1);
    if (last && now.getTime() - last.startedAt.getTime() < refreshHours * 3_600_000) return null;
    const [run] = await tx
      .insert(jobRuns)
      .values({ job: SOURCES_JOB, startedAt: now, status: 'running' })
      .returning({ id: jobRuns.id });
    return run!.id;
  });
}

/**
 * Fetches SCREENING_SOURCES and loads each as a list version (CONTRACT §8), on one instance
 * and at most every `refreshHours`; null when it was not this instance's turn. A source that
 * fails is logged (its address and why, nothing of the file) and the others still load; its
 * list keeps the version in use. OFAC's SDN and alternate-names files load together as one
 * version, so an unchanged pair makes no new version. Each run is recorded in job_runs.
 */
export async function refreshScreeningSources(
  options: SourcesOptions,
): Promise<SourcesCounts | null> {
  const { db, log } = options;
  const now = options.now ?? new Date();
  const fetcher = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? SOURCE_MAX_BYTES;
  const runId = await claimRun(db, now, options.refreshHours);
  if (!runId) return null;
  const started = Date.now();
  const counts: SourcesCounts = { checked: 0, loaded: 0, failed: 0 };
  const fail = (address: string, error: unknown) => {
    counts.failed += 1;
    log.warn(
      { job: SOURCES_JOB, source: safeSource(address), reason: reasonOf(error) },
      'list source failed',
    );
  };

  try {
    const read: ParsedFile[] = [];
    const addressOf = new Map<ParsedFile, string>();
    for (const address of options.sources) {
      counts.checked += 1;
      try {
        const bytes = await download(address, fetcher, maxBytes);
        const [file] = parseListFiles([{ name: fileName(address), bytes }]);
        read.push(file!);
        addressOf.set(file!, address);
      } catch (error) {
        fail(address, error);
      }
    }
    // OFAC's files as one load; every other file on its own.
    const ofac = read.filter((file) => file.parsed.list === 'ofac');
    const groups = read.filter((file) => file.parsed.list !== 'ofac').map((file) => [file]);
    const whole =
      ofac.some((file) => file.parsed.kind === 'entries') &&
      ofac.some((file) => file.parsed.kind === 'ofac-alternates');
    // Half of OFAC's pair while a source failed: the failed one may be the other half, and
    // loading the SDN file alone would drop the alternate names in use. It waits a round.
    if (ofac.length > 0 && !whole && counts.failed > 0) {
      for (const file of ofac) {
        fail(addressOf.get(file)!, new SourceError('waits for the rest of the OFAC list'));
      }
    } else if (ofac.length > 0) groups.push(ofac);
    for (const group of groups) {
      const addresses = group.map((file) => addressOf.get(file)!);
      try {
        const result = await importParsedFiles(db, group, {
          source: addresses.map(safeSource).join(', '),
          loadedBy: null,
          actor: SYSTEM,
        });
        if (result.created) counts.loaded += 1;
        log.info(
          {
            job: SOURCES_JOB,
            source: addresses.map(safeSource).join(', '),
            list: result.list,
            version: result.version,
            entries: result.entries,
            created: result.created,
          },
          result.created ? 'list source loaded' : 'list source unchanged',
        );
      } catch (error) {
        for (const address of addresses) fail(address, error);
      }
    }
  } catch (error) {
    await db
      .update(jobRuns)
      .set({
        status: 'failed',
        finishedAt: new Date(now.getTime() + (Date.now() - started)),
        counts: { ...counts },
        error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'error',
      })
      .where(eq(jobRuns.id, runId))
      .catch(() => {});
    throw error;
  }
  await db
    .update(jobRuns)
    .set({
      status: 'ok',
      finishedAt: new Date(now.getTime() + (Date.now() - started)),
      counts: { ...counts },
    })
    .where(eq(jobRuns.id, runId));
  return counts;
}
