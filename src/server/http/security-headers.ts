import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';

/**
 * Security headers. The CSP allows no inline script: the theme is applied before first paint
 * by a small external script. Inline styles are allowed because Radix and Sonner set them at
 * run time; no user content is ever rendered as raw HTML without sanitising (see decisions).
 */
export async function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const analyticsOrigin = env.ANALYTICS_SCRIPT_URL
    ? new URL(env.ANALYTICS_SCRIPT_URL).origin
    : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(analyticsOrigin ? [analyticsOrigin] : [])],
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
