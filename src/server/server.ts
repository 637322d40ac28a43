import { createScreening } from './screening/screener.ts';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDatabase } from './db/seed.ts';
import type { Env } from './env.ts';
import { startEventHub, type EventHub } from './events.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { startMailWorker } from './mail/outbox.ts';
import { markShuttingDown } from './routes/health.ts';
import { createSmtpTransport } from './mail/transport.ts';
import { ensureFirstOwner } from './auth/first-owner.ts';
import { loadSecrets } from './secrets.ts';
import { openFileStorage } from './storage/open.ts';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Stops taking requests, lets in-flight ones finish, stops the mailer, closes the DB. */
  close(): Promise<void>;
  /** The step `close()` is on, so a shutdown that overruns can say what held it. */
  closingStep(): string;
}

/** Opens the database (migrated and seeded under a lock), loads secrets and builds the app. */
export async function createServer(
  env: Env,
  options: {
    database?: Database;
    logger?: FastifyServerOptions['logger'];
    rateLimitKeyPrefix?: string;
  } = {},
): Promise<RunningServer> {
  const dataDir = resolve(env.DATA_DIR);
  // First: an S3 bucket that cannot be reached stops the start before the database is opened.
  const storage = await openFileStorage(env, dataDir);
  const database = options.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir }));
  let events: EventHub | undefined;
  try {
    await migrateDatabase(database, seedDatabase);
    const secrets = await loadSecrets(database.db, env, dataDir);
    // The hub starts before the app (routes need it), so it logs through the app once built.
    let log: FastifyInstance['log'] | undefined = undefined;
    events = await startEventHub(database, { log: () => log });
    let mailer: ReturnType<typeof startMailWorker> | null = null;
    let scheduler: ReturnType<typeof startScheduler> | null = null;
    const ctx: AppContext = {
      env,
      database,
      db: database.db,
      storage,
      secrets,
      events,
      screening: createScreening(env, database.db),
      wakeMailer: () => mailer?.wake(),
      wakeScreening: () => scheduler?.wakeScreening(),
    };
    const app = await buildApp(ctx, {
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.rateLimitKeyPrefix ? { rateLimitKeyPrefix: options.rateLimitKeyPrefix } : {}),
    });
    log = app.log;
    const transport = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : null;
    mailer = startMailWorker({
      db: database.db,
      transport,
      from: env.MAIL_FROM,
      log: app.log,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
    });
    scheduler = startScheduler({
      db: database.db,
      storage,
      log: app.log,
      intervalMs: env.RETENTION_INTERVAL_SECONDS * 1000,
      screening: ctx.screening,
      sources: { urls: env.SCREENING_SOURCES, refreshHours: env.SCREENING_REFRESH_HOURS },
    });
    const firstOwner = await ensureFirstOwner(database.db, env);
    if (firstOwner.generatedPassphrase) {
      announcePassphrase(firstOwner.email, firstOwner.generatedPassphrase);
    }

    let closing: Promise<void> | null = null;
    let step = 'running';
    return {
      app,
      ctx,
      close() {
        closing ??= (async () => {
          step = 'finishing requests';
          markShuttingDown(app);
          await app.close();
          step = 'stopping the mail worker';
          await mailer?.stop();
          // Its pooled SMTP connections would otherwise stay open until the server drops them.
          transport?.close?.();
          step = 'stopping scheduled jobs';
          await scheduler?.stop();
          step = 'closing live events';
          await events?.close();
          step = 'closing the database';
          // A database handed in (tests) belongs to the caller, who closes it.
          if (!options.database) await database.close();
          step = 'closed';
        })();
        return closing;
      },
      closingStep: () => step,
    };
  } catch (error) {
    await events?.close().catch(() => {});
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
}

/** Printed once, on the start that generated it; only its hash is stored. */
function announcePassphrase(email: string, passphrase: string) {
  const line = '-'.repeat(64);
  process.stdout.write(
    `\n${line}\n  First owner (shown once, keep it safe):\n\n    E-mail:     ${email}\n` +
      `    Passphrase: ${passphrase}\n\n` +
      '  Only its hash is stored. Sign in at /admin and set up your authenticator app.\n' +
      `  Set ADMIN_EMAIL and ADMIN_PASSPHRASE to choose your own.\n${line}\n\n`,
  );
}
