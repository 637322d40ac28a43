import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';
import { inlineScripts, scriptHashSource } from './inline-head.ts';

type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers one helmet configuration sets. Ours take no per-request input (no nonces), so
 * helmet runs once, at start, against a recording response, and every request gets the same
 * set: calling its middleware per request re-ran a dozen functions for an identical answer.
 */
function headersOf(middleware: ReturnType<typeof helmet>): HeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Security headers, in two sets (decision 054).
 *
 * Pages and files outside `/api/`: the full set. The CSP allows one inline script, by its
 * hash: the theme script that runs before first paint; no other inline script, and never
 * 'unsafe-inline' for scripts. Inline styles are allowed because Radix and Sonner set them at
 * run time; no user content is ever rendered as raw HTML without sanitising (see decisions).
 *
 * API answers (`/api/`): JSON, or files that set their own CSP. A browser never renders them
 * as a page, so the document-only headers (opener policy, agent cluster, DNS prefetch,
 * referrer, download and XSS-auditor switches) mean nothing there; they keep what OWASP's REST
 * guidance asks of an API: a CSP that allows nothing and no framing, nosniff, DENY framing, and
 * a same-origin resource policy so no other site can pull an answer into its process.
 */
export function securityHeaderSets(env: Env): { page: HeaderSet; api: HeaderSet } {
  const analyticsOrigin = env.ANALYTICS_SCRIPT_URL
    ? new URL(env.ANALYTICS_SCRIPT_URL).origin
    : null;
  // The theme script (first in every page, decision 048) and the app's start script (on pages
  // the server drew, decision 059) run inline: each allowed by its hash only.
  const inlineScriptSources = inlineScripts().map(scriptHashSource);
  const page = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            ...inlineScriptSources,
            ...(analyticsOrigin ? [analyticsOrigin] : []),
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...(analyticsOrigin ? [analyticsOrigin] : [])],
          mediaSrc: ["'self'", 'blob:'],
          frameSrc: ["'none'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS only makes sense over https; it is added per request.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  const api = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      xFrameOptions: { action: 'deny' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginOpenerPolicy: false,
      crossOriginEmbedderPolicy: false,
      originAgentCluster: false,
      referrerPolicy: false,
      strictTransportSecurity: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  return { page, api };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every answer's own headers, set in one synchronous hook as the request arrives: the request
 * id, the security set for its kind, HSTS over https, and `no-store` on API answers (personal
 * or live; the one exception, card artwork, sets its own cache header in its route).
 */
export function registerResponseHeaders(app: FastifyInstance, env: Env) {
  const sets = securityHeaderSets(env);
  app.addHook('onRequest', (request, reply, done) => {
    const api = request.url.startsWith('/api/');
    reply.headers(api ? sets.api : sets.page);
    reply.header('x-request-id', request.id);
    if (api) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
