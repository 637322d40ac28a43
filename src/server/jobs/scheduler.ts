import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../storage/storage.ts';
import { runRescreening } from '../screening/job.ts';
import type { Screening } from '../screening/screener.ts';
import { refreshScreeningSources } from '../screening/sources.ts';
import { runRetention } from './retention.ts';

export interface Scheduler {
  /** Waits for a run in progress, then stops. */
  stop(): Promise<void>;
  /**
   * A list version was loaded here: screen everyone again now rather than at the next round
   * (other instances see it at theirs). After the run in progress, if there is one.
   */
  wakeScreening(): void;
}

/**
 * A small in-process scheduler (decision 032): every `intervalMs` each instance tries the
 * retention job, and the job's advisory lock lets one of them run it; then the list sources
 * (one instance, also by lock) and the re-screening (shared out between instances, row by row:
 * screening/job.ts). A failed run is logged and
 * recorded, and the next one tries again; nothing is held between runs.
 */
export function startScheduler(options: {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  intervalMs: number;
  screening: Screening;
  /** SCREENING_SOURCES and how often they are fetched. */
  sources: { urls: string[]; refreshHours: number };
}): Scheduler {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = async () => {
    try {
      const counts = await runRetention({ db: options.db, storage: options.storage });
      if (counts) options.log.info({ job: 'retention', counts }, 'retention run finished');
    } catch (error) {
      options.log.error({ job: 'retention', err: error }, 'retention run failed');
    }
    // Lists first, so the screening that follows uses a version loaded this round.
    if (options.sources.urls.length > 0) {
      try {
        const counts = await refreshScreeningSources({
          db: options.db,
          sources: options.sources.urls,
          refreshHours: options.sources.refreshHours,
          log: options.log,
        });
        if (counts) options.log.info({ job: 'screening-sources', counts }, 'list sources checked');
      } catch (error) {
        options.log.error({ job: 'screening-sources', err: error }, 'list sources failed');
      }
    }
    await rescreen();
  };
  const rescreen = async () => {
    try {
      const counts = await runRescreening({ db: options.db, screening: options.screening });
      if (counts && counts.screened > 0) {
        options.log.info({ job: 'screening', counts }, 'screening run finished');
      }
    } catch (error) {
      options.log.error({ job: 'screening', err: error }, 'screening run failed');
    }
  };
  let woken: Promise<void> | null = null;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = null;
        schedule();
      });
    }, options.intervalMs);
    // Never keeps the process alive on its own.
    timer.unref();
  };
  if (options.intervalMs > 0) schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await woken;
    },
    wakeScreening() {
      if (stopped || options.intervalMs <= 0 || woken) return;
      // One extra run at a time; it waits for a round in progress, which holds the batch rows.
      woken = Promise.resolve(running)
        .then(() => (stopped ? undefined : rescreen()))
        .finally(() => {
          woken = null;
        });
    },
  };
}
