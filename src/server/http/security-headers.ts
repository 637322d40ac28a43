import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';
import { scriptHashSource, themeInitScript } from './inline-head.ts';

/**
 * Security headers. The CSP allows one inline script, by its hash: the theme script that runs
 * before first paint; no other inline script, and never 'unsafe-inline' for scripts. Inline styles are allowed because Radix and Sonner set them at
 * run time; no user content is ever rendered as raw HTML without sanitising (see decisions).
 */
export function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const analyticsOrigin = env.ANALYTICS_SCRIPT_URL
    ? new URL(env.ANALYTICS_SCRIPT_URL).origin
    : null;
  // The theme script runs inline, first in every page (decision 048): allowed by its hash only.
  const themeScript = themeInitScript();
  const themeScriptSource = themeScript ? [scriptHashSource(themeScript)] : [];
  // Built once, at start. @fastify/helmet built helmet's middleware again for every request,
  // parsing the whole CSP each time: about a tenth of the CPU of a small API answer.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...themeScriptSource, ...(analyticsOrigin ? [analyticsOrigin] : [])],
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
    // HSTS only makes sense over https; it is added per request below.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
