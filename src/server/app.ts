import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SPA_PATHS } from '#shared/routes.ts';
import {
  NO_PERMISSION,
  STAFF_CALLS,
  STAFF_SIGN_IN_CALLS,
  type StaffCall,
  type StaffRole,
} from '#shared/staff.ts';
import { authenticateStaff } from './auth/staff.ts';
import { staffGuardCache } from './auth/staff-guard-cache.ts';
import type { AppContext } from './context.ts';
import { AppError, BAD_REQUEST_MESSAGE, errorHandler } from './errors.ts';
import { registerRequestOriginChecks } from './http/request-origin.ts';
import { registerResponseHeaders } from './http/security-headers.ts';
import { safeError } from './lib/safe-error.ts';
import { registerSpa } from './http/spa.ts';
import { redisRateLimits } from './rate-limit-store.ts';
import { RATE_LIMITS, scaledMax } from './rate-limits.ts';
import { registerActivation } from './routes/activation.ts';
import { registerA11yReport } from './routes/a11y-report.ts';
import { registerAdminAssetDelete } from './routes/admin-asset-delete.ts';
import { registerAdminAssetList } from './routes/admin-asset-list.ts';
import { registerAdminAssetUpload } from './routes/admin-asset-upload.ts';
import { registerAdminEmailFailedList } from './routes/admin-email-failed-list.ts';
import { registerAdminEmailRetry } from './routes/admin-email-retry.ts';
import { registerAdminEmailTest } from './routes/admin-email-test.ts';
import { registerAdminActivation } from './routes/admin-activation.ts';
import { registerAdminActivationList } from './routes/admin-activation-list.ts';
import { registerAdminApplicantExport } from './routes/admin-applicant-export.ts';
import { registerAdminApplicantInvite } from './routes/admin-applicant-invite.ts';
import { registerAdminApplicantOverrideTier } from './routes/admin-applicant-override-tier.ts';
import { registerAdminApplicantCase } from './routes/admin-applicant-case.ts';
import { registerAdminCaseAssign } from './routes/admin-case-assign.ts';
import { registerAdminApplicantDecline } from './routes/admin-applicant-decline.ts';
import { registerAdminApplicantErase } from './routes/admin-applicant-erase.ts';
import { registerAdminApplicantEraseApprove } from './routes/admin-applicant-erase-approve.ts';
import { registerAdminDataProtection } from './routes/admin-data-protection.ts';
import { registerAdminApplicantResendLink } from './routes/admin-applicant-resend-link.ts';
import { registerAdminAuth } from './routes/admin-auth.ts';
import { registerAdminMe } from './routes/admin-me.ts';
import { registerAdminOfferApprove } from './routes/admin-offer-approve.ts';
import { registerAdminSanctionsClear } from './routes/admin-sanctions-clear.ts';
import { registerAdminIdentityApprove } from './routes/admin-identity-approve.ts';
import { registerAdminSessionList } from './routes/admin-session-list.ts';
import { registerAdminSessionRevoke } from './routes/admin-session-revoke.ts';
import { registerAdminStaffInvite } from './routes/admin-staff-invite.ts';
import { registerAdminStaffJoin } from './routes/admin-staff-join.ts';
import { registerAdminStaffList } from './routes/admin-staff-list.ts';
import { registerAdminStaffResetMfa } from './routes/admin-staff-reset-mfa.ts';
import { registerAdminStaffUpdate } from './routes/admin-staff-update.ts';
import { registerAdminInviteGenerate } from './routes/admin-invite-generate.ts';
import { registerAdminInviteList } from './routes/admin-invite-list.ts';
import { registerAdminInviteToggle } from './routes/admin-invite-toggle.ts';
import { registerAdminLegalUpdate } from './routes/admin-legal-update.ts';
import { registerAdminMaintenanceToggle } from './routes/admin-maintenance-toggle.ts';
import { registerAdminOfferIssue } from './routes/admin-offer-issue.ts';
import { registerAdminOfferList } from './routes/admin-offer-list.ts';
import { registerAdminSignout } from './routes/admin-signout.ts';
import { registerApplyBasic } from './routes/apply-basic.ts';
import { registerApplyDetails } from './routes/apply-details.ts';
import { registerApplyGetStage } from './routes/apply-get-stage.ts';
import { registerApplyMagicLink } from './routes/apply-magic-link.ts';
import { registerApplyOfferAction } from './routes/apply-offer-action.ts';
import { registerApplySession } from './routes/apply-session.ts';
import { registerApplySignout } from './routes/apply-signout.ts';
import { registerApplyStatus } from './routes/apply-status.ts';
import { registerApplyVerifyCode } from './routes/apply-verify-code.ts';
import { registerCardAssetFile } from './routes/card-asset-file.ts';
import { registerCardAssets } from './routes/card-assets.ts';
import { registerContact } from './routes/contact.ts';
import { registerCrawlerFiles } from './routes/crawler-files.ts';
import { registerEoi } from './routes/eoi.ts';
import { registerEvents } from './routes/events.ts';
import { registerHealth } from './routes/health.ts';
import { registerLegalDocuments } from './routes/legal-documents.ts';
import { registerOneTimeLegalUpdate } from './routes/one-time-legal-update.ts';
import { registerSiteSettings } from './routes/site-settings.ts';
import { publicSettings } from './public-settings.ts';
import { registerValidateInvite } from './routes/validate-invite.ts';
import { registerAdminKycAction } from './routes/admin-kyc-action.ts';
import { registerAdminKycFile } from './routes/admin-kyc-file.ts';
import { registerAdminKycList } from './routes/admin-kyc-list.ts';
import { registerAdminApplicantList } from './routes/admin-applicant-list.ts';
import { registerAdminAuditList } from './routes/admin-audit-list.ts';
import { registerAdminAuditExport } from './routes/admin-audit-export.ts';
import { registerAdminBulkUpdate } from './routes/admin-bulk-update.ts';
import { registerAdminContactList } from './routes/admin-contact-list.ts';
import { registerAdminContactUpdate } from './routes/admin-contact-update.ts';
import { registerAdminEoiList } from './routes/admin-eoi-list.ts';
import { registerAdminEoiUpdate } from './routes/admin-eoi-update.ts';
import { registerAdminExportCsv } from './routes/admin-export-csv.ts';
import { registerApplyKycStart } from './routes/apply-kyc-start.ts';
import { registerApplyKycUpload } from './routes/apply-kyc-upload.ts';
import { registerVeriffEventWebhook } from './routes/veriff-event-webhook.ts';
import { registerVeriffWatchlistWebhook } from './routes/veriff-watchlist-webhook.ts';
import { registerVeriffWebhook } from './routes/veriff-webhook.ts';

/**
 * Every query value, logged by name only. Some carry secrets (`sid`, `token`, an invitation
 * `code`), and a form a browser sends by itself (a page not yet taken over by the app) puts
 * whatever was typed there: the log keeps the address's shape, never what it carried.
 */
const QUERY_VALUES = /([?&][^=&#]*=)[^&#]*/g;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-admin-pass"]',
        'req.headers["x-session-token"]',
        'res.headers["set-cookie"]',
        'passphrase',
        'token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: safeError,
      error: safeError,
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(QUERY_VALUES, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}

export interface RouteEntry {
  method: string;
  url: string;
}

const ROUTE_TABLES = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route the app registered (HEAD twins left out): what the fuzz test walks. */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return ROUTE_TABLES.get(app) ?? [];
}

/** The multipart upload calls: the only API routes that take a body other than JSON. */
export const UPLOAD_ROUTES: ReadonlySet<string> = new Set([
  '/api/apply-kyc-upload',
  '/api/admin-asset-upload',
]);

/** Veriff's calls to us: server to server, each signed over its raw body. */
export const WEBHOOK_ROUTES: ReadonlySet<string> = new Set([
  '/api/veriff-webhook',
  '/api/veriff-event-webhook',
  '/api/veriff-watchlist-webhook',
]);

/** Staff calls that end sessions or change a member as the staff guard reads them. */
const STAFF_ACCESS_CALLS = new Set([
  '/api/admin-signout',
  '/api/admin-session-revoke',
  '/api/admin-staff-update',
]);

/** Staff calls the spec names without the `admin-` prefix. */
export const OTHER_STAFF_ROUTES: ReadonlySet<string> = new Set(['/api/one-time-legal-update']);

/** The call name of an API route: `/api/admin-kyc-file/:id` → `admin-kyc-file`. */
export function callNameOf(routeUrl: string): string {
  return routeUrl.replace(/^\/api\//, '').split('/')[0] ?? '';
}

/**
 * Staff calls are `/api/admin-*` and OTHER_STAFF_ROUTES; only the steps of signing in and
 * joining are open.
 */
export function isStaffRoute(routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  if (OTHER_STAFF_ROUTES.has(routeUrl)) return true;
  return (
    routeUrl.startsWith('/api/admin-') &&
    !(STAFF_SIGN_IN_CALLS as readonly string[]).includes(callNameOf(routeUrl))
  );
}

/** Who may make the call of a staff route (CONTRACT §5), or undefined when none is declared. */
export function rolesOf(routeUrl: string): readonly StaffRole[] | undefined {
  const name = callNameOf(routeUrl);
  return Object.hasOwn(STAFF_CALLS, name) ? STAFF_CALLS[name as StaffCall] : undefined;
}

/**
 * Every staff route, registered in one plugin scope that carries the one staff guard: a live
 * token of an active member (`x-admin-pass` or `Authorization: Bearer`), whose role may make
 * the call (STAFF_CALLS, CONTRACT §5). It runs before the body is parsed, so an anonymous or
 * unauthorised caller costs us nothing more.
 */
async function staffRoutes(
  scope: FastifyInstance,
  { ctx, scoped }: { ctx: AppContext; scoped: Set<string> },
) {
  scope.addHook('onRoute', (route) => {
    scoped.add(route.url);
  });
  const guardCache = staffGuardCache(ctx.events);
  scope.addHook('onClose', async () => guardCache.close());
  scope.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    const staff = await authenticateStaff(ctx.db, request, guardCache);
    request.staff = staff;
    if (!rolesOf(url)?.includes(staff.member.role)) {
      throw new AppError('forbidden', NO_PERMISSION);
    }
  });
  // A call that changes someone's access forgets the kept answers here before it answers; the
  // other instances forget on hearing migration 0023's event a moment later.
  scope.addHook('onSend', (request, _reply, payload, done) => {
    if (STAFF_ACCESS_CALLS.has(request.routeOptions.url ?? '')) guardCache.forget();
    done(null, payload);
  });
  registerAdminSignout(scope, ctx);
  registerAdminLegalUpdate(scope, ctx);
  registerOneTimeLegalUpdate(scope, ctx);
  registerAdminMaintenanceToggle(scope, ctx);
  registerAdminInviteGenerate(scope, ctx);
  registerAdminInviteList(scope, ctx);
  registerAdminInviteToggle(scope, ctx);
  registerAdminApplicantInvite(scope, ctx);
  registerAdminOfferList(scope, ctx);
  registerAdminOfferIssue(scope, ctx);
  registerAdminActivationList(scope, ctx);
  registerAdminActivation(scope, ctx);
  registerAdminApplicantResendLink(scope, ctx);
  registerAdminApplicantOverrideTier(scope, ctx);
  registerAdminApplicantCase(scope, ctx);
  registerAdminCaseAssign(scope, ctx);
  registerAdminKycList(scope, ctx);
  registerAdminKycAction(scope, ctx);
  registerAdminKycFile(scope, ctx);
  registerAdminApplicantList(scope, ctx);
  registerAdminAuditList(scope, ctx);
  registerAdminAuditExport(scope, ctx);
  registerAdminAssetList(scope, ctx);
  registerAdminAssetUpload(scope, ctx);
  registerAdminAssetDelete(scope, ctx);
  registerAdminEmailTest(scope, ctx);
  registerAdminEmailFailedList(scope, ctx);
  registerAdminEmailRetry(scope, ctx);
  registerAdminEoiList(scope, ctx);
  registerAdminContactList(scope, ctx);
  registerAdminEoiUpdate(scope, ctx);
  registerAdminContactUpdate(scope, ctx);
  registerAdminBulkUpdate(scope, ctx);
  registerAdminExportCsv(scope, ctx);
  registerAdminApplicantExport(scope, ctx);

  registerAdminMe(scope);
  registerAdminStaffList(scope, ctx);
  registerAdminStaffInvite(scope, ctx);
  registerAdminStaffUpdate(scope, ctx);
  registerAdminStaffResetMfa(scope, ctx);
  registerAdminSessionList(scope, ctx);
  registerAdminSessionRevoke(scope, ctx);
  registerAdminOfferApprove(scope, ctx);
  registerAdminSanctionsClear(scope, ctx);
  registerAdminIdentityApprove(scope, ctx);
  registerAdminApplicantDecline(scope, ctx);
  registerAdminApplicantErase(scope, ctx);
  registerAdminApplicantEraseApprove(scope, ctx);
  registerAdminDataProtection(scope, ctx);
}

/**
 * Assembles the server. Order matters and is, per request: request id → logger → security
 * headers → compression → cookies → rate limits → request origin (requests from other sites,
 * content types) → staff guard → routes → SPA fallback; one error handler shapes every failure.
 */
export async function buildApp(
  ctx: AppContext,
  options: {
    logger?: FastifyServerOptions['logger'];
    /** Prefix of this app's rate-limit keys in Redis (tests, so runs never share counters). */
    rateLimitKeyPrefix?: string;
  } = {},
): Promise<FastifyInstance> {
  const { env } = ctx;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    // Request ids are ours: a client-supplied id could forge log lines.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: env.TRUST_PROXY ?? false,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // Malformed URL escapes and over-long path parameters are caught by the router before any
    // route runs; without this they answer in the framework's own shape and code.
    frameworkErrors: errorHandler,
    // A request Node's HTTP parser cannot read never reaches Fastify: answer it in the
    // contract's shape too, and close the connection.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return socket.destroy(error);
      const body = JSON.stringify({ ok: false, error: BAD_REQUEST_MESSAGE });
      socket.end(
        'HTTP/1.1 400 Bad Request\r\nconnection: close\r\n' +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
  });

  app.setErrorHandler(errorHandler);

  const routes: RouteEntry[] = [];
  ROUTE_TABLES.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });

  // Shutting down: answers still in flight tell the client to close the connection, so no
  // keep-alive socket holds the process open once its last request is done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Hooks on every request are synchronous callbacks: an async hook costs a promise and a
  // microtask turn each, on the path of every answer (issue 15, item 6).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerResponseHeaders(app, env);
  // Answers up to 64 KB (a staff list page is 10–30 KB) are compressed in one call. The
  // plugin's default on two cores (8 KB) sent them through a zlib stream each, which only pays
  // when a spare core can compress alongside; ours is busy with PostgreSQL. Measured on the staff
  // list bench at 20 concurrent calls: p50 and p95 about a sixth lower.
  await app.register(compress, { threshold: 1024, syncThreshold: 65536 });
  await app.register(cookie);

  if (env.RATE_LIMIT_SCALE > 0) {
    // With REDIS_URL every instance counts the same attempts (CONTRACT §7); otherwise in process.
    const shared = env.REDIS_URL
      ? redisRateLimits(env.REDIS_URL, {
          log: app.log,
          ...(options.rateLimitKeyPrefix ? { keyPrefix: options.rateLimitKeyPrefix } : {}),
        })
      : undefined;
    if (shared) {
      app.addHook('onClose', async () => shared.close());
      await shared.ready;
    }
    await app.register(rateLimit, {
      global: true,
      ...(shared ? { store: shared.store } : {}),
      // A store failure lets the request through rather than failing it; the store above
      // already falls back to counting in process, so this is only the last resort.
      skipOnError: true,
      max: scaledMax(env, RATE_LIMITS.default.max),
      timeWindow: RATE_LIMITS.default.timeWindow,
      // Static files and the SPA are not limited; every API call is.
      allowList: (request) => !request.url.startsWith('/api/'),
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new AppError('too_many_requests', 'Too many attempts. Please try again later.', {
          retryAfter: Math.ceil(context.ttl / 1000),
        }),
    });
  }

  // Requests from other sites (a page of another origin on the same site still gets the
  // applicant's SameSite=Lax cookie sent): refused before any body is parsed. Only JSON is
  // parsed on the API, so a text/plain form never reaches a handler.
  app.removeContentTypeParser('text/plain');
  registerRequestOriginChecks(app, env, {
    uploads: UPLOAD_ROUTES,
    exempt: (routeUrl) => WEBHOOK_ROUTES.has(routeUrl),
  });

  registerHealth(app, ctx);
  const settings = publicSettings(ctx);
  app.addHook('onClose', async () => settings.close());
  registerSiteSettings(app, settings);
  registerEvents(app, ctx);
  registerContact(app, ctx);
  registerEoi(app, ctx);
  registerLegalDocuments(app, ctx);
  registerCardAssets(app, ctx);
  registerCardAssetFile(app, ctx);
  registerCrawlerFiles(app, ctx);
  registerValidateInvite(app, ctx);
  registerApplyVerifyCode(app, ctx);
  registerApplyBasic(app, ctx);
  registerApplyMagicLink(app, ctx);
  registerApplySession(app, ctx);
  registerApplySignout(app, ctx);
  registerApplyGetStage(app, ctx);
  registerApplyStatus(app, ctx);
  registerApplyDetails(app, ctx);
  registerApplyKycUpload(app, ctx);
  registerApplyKycStart(app, ctx);
  registerVeriffWebhook(app, ctx);
  registerVeriffEventWebhook(app, ctx);
  registerVeriffWatchlistWebhook(app, ctx);
  registerApplyOfferAction(app, ctx);
  registerActivation(app, ctx);
  registerAdminAuth(app, ctx);
  registerAdminStaffJoin(app, ctx);
  registerA11yReport(app, ctx);
  const staffScoped = new Set<string>();
  await app.register(staffRoutes, { ctx, scoped: staffScoped });
  // No staff route may live outside that scope, nor without its roles: the server does not
  // start otherwise (a test reads the same route table).
  app.addHook('onReady', async () => {
    for (const { url } of routes) {
      if (!isStaffRoute(url)) continue;
      if (!staffScoped.has(url)) throw new Error(`staff route ${url} is outside the staff guard`);
      if (!rolesOf(url)) throw new Error(`staff route ${url} declares no roles (STAFF_CALLS)`);
    }
  });

  const sendSpa = await registerSpa(app, env, { settings, db: ctx.db });
  // Every screen is a route of its own rather than left to the not-found handler, so its page
  // is compressed like every other answer (the compression plugin hooks routes only): a drawn
  // page is about 140 KB of HTML, 25 KB compressed. Other addresses get the 404 page below.
  for (const path of SPA_PATHS) app.get(path, (request, reply) => sendSpa(request, reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ ok: false, error: 'Not found' });
    }
    // The 404 page, compressed here: the plugin does not hook this handler.
    return sendSpa(request, reply, { compress: true });
  });

  return app;
}
