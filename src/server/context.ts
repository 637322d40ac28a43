import type { Env } from './env.ts';
import type { Database, Db } from './db/client.ts';
import type { EventHub } from './events.ts';
import type { Screening } from './screening/screener.ts';
import type { FileStorage } from './storage/storage.ts';

/** Everything a route or service needs, built once at boot and passed down explicitly. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  storage: FileStorage;
  secrets: {
    /** Key for magic links: SESSION_SECRET, or generated into DATA_DIR (never the database). */
    sessionSecret: string;
    /** AES-256-GCM key for staff TOTP secrets: MFA_SECRET_KEY, or generated into DATA_DIR. */
    mfaKey: Buffer;
  };
  /** Live changes for `GET /api/events`; publish with `publishEvent` inside a transaction. */
  events: EventHub;
  /** Sanctions and PEP screening (CONTRACT §8): the built-in matcher or a yente service. */
  screening: Screening;
  /** A list version was loaded: screens everyone again now (jobs/scheduler.ts). */
  wakeScreening(): void;
  /** Nudges the e-mail worker after a transaction that queued mail commits. */
  wakeMailer(): void;
}
