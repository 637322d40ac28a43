import type { Stage } from '#shared/stages.ts';
import type { Actor } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';

export type KycProviderName = 'builtin' | 'veriff';

/** What a provider needs to know about the application it verifies. */
export interface KycApplication {
  id: string;
  stage: Stage;
  fullName: string | null;
  email: string | null;
}

/** A provider session made (or found open) before the transaction. */
export interface PreparedSession {
  sessionId: string;
  url: string;
  /** The identity check of an open session being resumed, or null for a new session. */
  reusedCheckId: string | null;
}

/**
 * One way of verifying an applicant's identity (`KYC_PROVIDER`). `apply-kyc-start` calls
 * `prepare` outside any transaction, then moves the stage `detailed` → `kyc_in_progress` and
 * calls `start` in that same transaction, so the stage and the check commit together or not
 * at all.
 */
export interface KycProvider {
  readonly name: KycProviderName;
  /** Whether applicants upload their documents to us (`apply-kyc-upload`). */
  readonly acceptsUploads: boolean;
  /**
   * Network work (creating a provider session), kept out of the transaction so no database
   * connection waits on someone else's server. Null when the provider has none.
   */
  prepare(db: Db, application: KycApplication): Promise<PreparedSession | null>;
  /**
   * Records the check; throws (rolling the stage move back) when the application cannot start.
   * Answers the stage the application ends at and the provider's page, if any.
   */
  start(
    tx: Tx,
    application: KycApplication,
    prepared: PreparedSession | null,
    actor: Actor,
  ): Promise<{ stage: Stage; url?: string }>;
}
