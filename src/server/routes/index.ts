import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { PublicSettings } from '../public-settings.ts';
import { registerA11yReport } from './a11y-report.ts';
import { registerAdminApplicantExport } from './admin-applicant-export.ts';
import { registerAdminAssetUpload } from './admin-asset-upload.ts';
import { registerAdminKycFile } from './admin-kyc-file.ts';
import { registerAdminScreeningListUpload } from './admin-screening-list-upload.ts';
import { registerApplyKycUpload } from './apply-kyc-upload.ts';
import { registerCardAssetFile } from './card-asset-file.ts';
import { registerCrawlerFiles } from './crawler-files.ts';
import { registerCsvDownloads } from './csv-downloads.ts';
import { registerEvents } from './events.ts';
import { registerHealth } from './health.ts';
import { registerSiteSettings } from './site-settings.ts';
import { registerVeriffEventWebhook } from './veriff-event-webhook.ts';
import { registerVeriffWatchlistWebhook } from './veriff-watchlist-webhook.ts';
import { registerVeriffWebhook } from './veriff-webhook.ts';

/**
 * The routes registered by hand, because their bodies or answers are not JSON: uploads
 * (multipart), downloads (files, CSV, ZIP), live event streams, the identity provider's signed
 * webhooks, and the health, crawler and report files outside /api. Every /api route here is an
 * entry of the registry (src/shared/calls.ts) all the same: the start-up check refuses one that
 * is not. JSON calls are registered from the registry (src/server/http/calls.ts).
 */
export function registerOpenRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  settings: PublicSettings,
): void {
  registerHealth(app, ctx);
  registerSiteSettings(app, settings);
  registerEvents(app, ctx);
  registerCardAssetFile(app, ctx);
  registerCrawlerFiles(app, ctx);
  registerA11yReport(app, ctx);
  registerApplyKycUpload(app, ctx);
  registerVeriffWebhook(app, ctx);
  registerVeriffEventWebhook(app, ctx);
  registerVeriffWatchlistWebhook(app, ctx);
}

/** The staff routes registered by hand, inside the staff guard's scope. */
export function registerStaffRoutes(scope: FastifyInstance, ctx: AppContext): void {
  registerAdminKycFile(scope, ctx);
  registerAdminAssetUpload(scope, ctx);
  registerAdminScreeningListUpload(scope, ctx);
  registerCsvDownloads(scope, ctx);
  registerAdminApplicantExport(scope, ctx);
}
