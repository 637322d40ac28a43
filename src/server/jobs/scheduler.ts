import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../storage/storage.ts';
import { runRetention } from './retention.ts';

export interface Scheduler {
  /** Waits for a run in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * A small in-process scheduler (decision 032): every `intervalMs` each instance tries the
 * retention job, and the job's advisory lock lets one of them run it. A failed run is logged and
 * recorded, and the next one tries again; nothing is held between runs.
 */
export function startScheduler(options: {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  intervalMs: number;
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
  };
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
    },
  };
}
