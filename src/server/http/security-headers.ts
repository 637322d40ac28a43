import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';
import { inlineScripts, scriptHashSource } from './inline-head.ts';

/**
 * Security headers. The CSP allows one inline script, by its hash: the theme script that runs
 * before first paint; no other inline script, and never 'unsafe-inline' for scripts. Inline styles are allowed because Radix and Sonner set them at
 * run time; no user content is ever rendered as raw HTML without sanitising (see decisions).
 */
export async function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const analyticsOrigin = env.ANALYTICS_SCRIPT_URL
    ? new URL(env.ANALYTICS_SCRIPT_URL).origin
    : null;
  // The theme script (first in every page, decision 048) and the app's start script (on pages
  // the server drew, decision 049) run inline: each allowed by its hash only.
  const inlineScriptSources = inlineScripts().map(scriptHashSource);
  await app.register(helmet, {
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
    // HSTS only makes sense over https; it is added per request below.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
