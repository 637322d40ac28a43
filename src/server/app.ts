import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  CALL_NAMES,
  isCallName,
  isStaffCall,
  kindOf,
  rolesOf as rolesOfCall,
  routeOf,
  type CallKind,
  type StaffCall,
} from '#shared/calls.ts';
import { SPA_PATHS } from '#shared/routes.ts';
import { NO_PERMISSION, type StaffRole } from '#shared/staff.ts';
import { authenticateStaff } from './auth/staff.ts';
import { staffGuardCache } from './auth/staff-guard-cache.ts';
import type { AppContext } from './context.ts';
import { AppError, BAD_REQUEST_MESSAGE, errorHandler } from './errors.ts';
import { callHandlers } from './handlers/index.ts';
import type { CallHandlers } from './handlers/types.ts';
import { registerJsonCalls } from './http/calls.ts';
import { registerRequestOriginChecks } from './http/request-origin.ts';
import { registerResponseHeaders } from './http/security-headers.ts';
import { safeError } from './lib/safe-error.ts';
import { registerSpa } from './http/spa.ts';
import { publicSettings } from './public-settings.ts';
import { redisRateLimits } from './rate-limit-store.ts';
import { RATE_LIMITS, scaledMax } from './rate-limits.ts';
import { registerOpenRoutes, registerStaffRoutes } from './routes/index.ts';

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

/** The routes of the registry's calls of one kind. */
function routesOfKind(kind: CallKind): ReadonlySet<string> {
  return new Set(CALL_NAMES.filter((name) => kindOf(name) === kind).map(routeOf));
}

/** The multipart upload calls: the only API routes that take a body other than JSON. */
export const UPLOAD_ROUTES = routesOfKind('upload');

/** Veriff's calls to us: server to server, each signed over its raw body. */
export const WEBHOOK_ROUTES = routesOfKind('webhook');

/** Staff calls that end sessions or change a member as the staff guard reads them. */
const STAFF_ACCESS_CALLS = new Set(
  (['admin-signout', 'admin-session-revoke', 'admin-staff-update'] as const).map(routeOf),
);

/** The call name of an API route: `/api/admin-kyc-file/:id` → `admin-kyc-file`. */
export function callNameOf(routeUrl: string): string {
  return routeUrl.replace(/^\/api\//, '').split('/')[0] ?? '';
}

/** The registry's call behind an API route, if there is one. */
function callOf(routeUrl: string | undefined): StaffCall | undefined {
  if (!routeUrl?.startsWith('/api/')) return undefined;
  const name = callNameOf(routeUrl);
  return isCallName(name) && isStaffCall(name) ? name : undefined;
}

/** Staff routes are the registry's calls whose access is a list of roles. */
export function isStaffRoute(routeUrl: string | undefined): boolean {
  return callOf(routeUrl) !== undefined;
}

/** Staff calls the spec names without the `admin-` prefix. */
export const OTHER_STAFF_ROUTES: ReadonlySet<string> = new Set(
  CALL_NAMES.filter((name) => isStaffCall(name) && !name.startsWith('admin-')).map(routeOf),
);

/** Who may make the call of a staff route (CONTRACT §5), or undefined for any other route. */
export function rolesOf(routeUrl: string): readonly StaffRole[] | undefined {
  const call = callOf(routeUrl);
  return call ? rolesOfCall(call) : undefined;
}

/**
 * What the start-up check finds wrong with a route table: an API route that is no call of the
 * registry, a staff call outside the staff guard's scope, or a call with no route.
 */
export function routeProblems(
  routes: readonly RouteEntry[],
  staffScoped: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const urls = new Set(routes.map((route) => route.url));
  for (const url of urls) {
    if (!url.startsWith('/api/')) continue;
    const name = callNameOf(url);
    if (!isCallName(name) || routeOf(name) !== url) {
      problems.push(`route ${url} is not a call of the registry (src/shared/calls.ts)`);
    } else if (isStaffCall(name) && !staffScoped.has(url)) {
      problems.push(`staff route ${url} is outside the staff guard`);
    }
  }
  for (const name of CALL_NAMES) {
    if (!urls.has(routeOf(name))) problems.push(`call ${name} has no route`);
  }
  return problems;
}

/**
 * Every staff route, registered in one plugin scope that carries the one staff guard: a live
 * token of an active member (`x-admin-pass` or `Authorization: Bearer`), whose role may make
 * the call (its roles in the registry, src/shared/calls.ts; CONTRACT §5). It runs before the
 * body is parsed, so an anonymous or unauthorised caller costs us nothing more.
 */
async function staffRoutes(
  scope: FastifyInstance,
  { ctx, scoped, handlers }: { ctx: AppContext; scoped: Set<string>; handlers: CallHandlers },
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
  registerJsonCalls(scope, ctx, handlers, { staff: true });
  registerStaffRoutes(scope, ctx);
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

  const settings = publicSettings(ctx);
  app.addHook('onClose', async () => settings.close());
  registerOpenRoutes(app, ctx, settings);
  const handlers = callHandlers(ctx);
  registerJsonCalls(app, ctx, handlers, { staff: false });
  const staffScoped = new Set<string>();
  await app.register(staffRoutes, { ctx, scoped: staffScoped, handlers });
  // Every API route is a call of the registry, every call has its route, and every staff call
  // is inside the guard's scope: the server does not start otherwise (a test reads the same).
  // Only the routes built here: a test may add routes of its own to the app it is given.
  let built: readonly RouteEntry[] = [];
  app.addHook('onReady', async () => {
    const [problem] = routeProblems(built, staffScoped);
    if (problem) throw new Error(problem);
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

  built = [...routes];
  return app;
}
