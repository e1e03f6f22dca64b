import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Content Security Policy for the web app: scripts only from our origin (no inline scripts), styles
 * from our origin plus style attributes (React sets a few), images from us, data: URLs and the
 * configured tile services (map and radar), API calls to our origin (and the tile services, for the
 * service worker's tile cache), no framing, no plugins.
 */
export function contentSecurityPolicy(imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...imageOrigins].join(' '),
    "font-src 'self'",
    // The tile services too: the service worker fetches map tiles to cache them.
    ['connect-src', "'self'", ...imageOrigins].join(' '),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers on every response; HSTS only when the request arrived over TLS (directly or via a proxy). */
export function registerSecurityHeaders(app: FastifyInstance, imageOrigins: readonly string[] = []): void {
  const policy = contentSecurityPolicy(imageOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', 'geolocation=(self), camera=(), microphone=(), payment=()');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}

/**
 * CORS through @fastify/cors, limited to configured origins (e.g. the app shell's
 * capacitor://localhost). Other origins get no CORS headers and no preflight answer, so browsers
 * keep their pages from reading our responses.
 */
export async function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]): Promise<void> {
  const allowed = new Set(allowedOrigins);
  await app.register(cors, {
    delegator: (
      request: FastifyRequest,
      callback: (error: Error | null, options: FastifyCorsOptions) => void,
    ) => {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return callback(null, { origin: false });
      callback(null, {
        origin,
        methods: ['GET', 'POST', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'X-location'],
        maxAge: 600,
      });
    },
  });
}

export { rateLimit, registerRateLimit, TOO_MANY_REQUESTS, type RateLimitOptions } from './rate-limit.ts';
