import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_HEADER, UPLOAD_HEADER_VALUE } from '#shared/api.ts';
import type { Env } from '../env.ts';
import { AppError } from '../errors.ts';

export const FOREIGN_REQUEST_MESSAGE = 'This request was not sent from the Waj website.';
export const UNSUPPORTED_CONTENT_TYPE_MESSAGE = 'Unsupported content type.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `none`: the user started it (typed address, bookmark); never another site's page. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface RequestOriginOptions {
  /** Route patterns that take multipart uploads: they need UPLOAD_HEADER instead of JSON. */
  uploads: ReadonlySet<string>;
  /** Route patterns called server to server and signed (webhooks): none of these checks. */
  exempt: (routeUrl: string) => boolean;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function hasBody(request: FastifyRequest): boolean {
  const length = header(request, 'content-length');
  return header(request, 'transfer-encoding') !== undefined || (!!length && length !== '0');
}

/**
 * Requests from other sites. The applicant's session is a cookie, and SameSite=Lax still sends
 * it from any page of the same site (another port, a taken-over subdomain), so a state-changing
 * API call must show it came from our own pages:
 * - a browser's `Origin` and `Sec-Fetch-Site` (sent with every POST by current browsers), when
 *   present, must name our own origin: PUBLIC_URL's, and outside production also the address
 *   the server was reached at (development on localhost, the Vite proxy, tests);
 * - JSON calls must say `application/json`: the only body types a page of another origin can
 *   send without asking (forms: text/plain, urlencoded, multipart) are refused, not parsed;
 * - uploads, which must be multipart, carry UPLOAD_HEADER, which no other origin can add.
 * Requests with neither header (curl, servers, tests) pass the origin check: no browser sent
 * them, so no cookie was lent to anyone. Webhooks are signed and exempt.
 */
export function registerRequestOriginChecks(
  app: FastifyInstance,
  env: Env,
  options: RequestOriginOptions,
): void {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const isOwnOrigin = (origin: string, request: FastifyRequest) =>
    origin === publicOrigin ||
    (env.NODE_ENV !== 'production' && origin === `${request.protocol}://${request.host}`);

  const refusal = (request: FastifyRequest): AppError | undefined => {
    if (SAFE_METHODS.has(request.method)) return undefined;
    if (!request.url.startsWith('/api/')) return undefined;
    const route = request.routeOptions.url;
    if (route !== undefined && options.exempt(route)) return undefined;

    const origin = header(request, 'origin');
    if (origin !== undefined && !isOwnOrigin(origin, request)) {
      return new AppError('forbidden', FOREIGN_REQUEST_MESSAGE);
    }
    const site = header(request, 'sec-fetch-site');
    if (site !== undefined && !OWN_FETCH_SITES.has(site)) {
      return new AppError('forbidden', FOREIGN_REQUEST_MESSAGE);
    }

    if (route !== undefined && options.uploads.has(route)) {
      if (header(request, UPLOAD_HEADER) !== UPLOAD_HEADER_VALUE) {
        return new AppError('forbidden', FOREIGN_REQUEST_MESSAGE);
      }
      return undefined;
    }
    const type = header(request, 'content-type');
    const mime = type?.split(';')[0]?.trim().toLowerCase();
    // No type and no body (a call that takes no input) has nothing to parse.
    if (mime === undefined ? hasBody(request) : mime !== 'application/json') {
      return new AppError('unsupported_type', UNSUPPORTED_CONTENT_TYPE_MESSAGE);
    }
    return undefined;
  };
  // A synchronous hook: it runs on every request, and most pass at the first line.
  app.addHook('onRequest', (request, _reply, done) => done(refusal(request)));
}
