import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
 * CORS for the API, limited to configured origins (e.g. the app shell's capacitor://localhost).
 * Other origins get no CORS headers, so browsers keep their pages from reading our responses.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  const apply = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const origin = request.headers.origin;
    reply.header('Vary', 'Origin');
    if (!origin || !allowed.has(origin)) return false;
    reply.header('Access-Control-Allow-Origin', origin);
    return true;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const ok = apply(request, reply);
    if (request.method === 'OPTIONS') {
      if (ok) {
        reply.header('Access-Control-Allow-Methods', 'GET, POST, DELETE');
        reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-location');
        reply.header('Access-Control-Max-Age', '600');
      }
      return reply.status(204).send();
    }
  });
}

export interface RateLimitOptions {
  /** Requests allowed per client per window. */
  max: number;
  windowMs: number;
}

/**
 * A fixed-window rate limit per client IP, as an onRequest hook: 429 with Retry-After once a
 * client goes over `max` in a window. Counts live in this process, so with several processes
 * behind a load balancer each enforces its own window; put a shared limit at the load balancer
 * when that matters. Attach it to a route (`{ onRequest: limit }`) for a stricter limit there;
 * routes sharing one hook share one count per client.
 */
export function rateLimit(app: FastifyInstance, options: RateLimitOptions) {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (now - window.start >= options.windowMs) windows.delete(key);
  }, options.windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const now = Date.now();
    let window = windows.get(request.ip);
    if (!window || now - window.start >= options.windowMs) {
      window = { start: now, count: 0 };
      windows.set(request.ip, window);
    }
    window.count++;
    const resetSeconds = Math.ceil((window.start + options.windowMs - now) / 1000);
    const remaining = Math.max(0, options.max - window.count);
    // With a route limit under the global one, report whichever leaves the client less room.
    const reported = Number(reply.getHeader('RateLimit-Remaining') ?? Infinity);
    if (remaining <= reported) {
      reply.header('RateLimit-Limit', String(options.max));
      reply.header('RateLimit-Remaining', String(remaining));
      reply.header('RateLimit-Reset', String(resetSeconds));
    }
    if (window.count > options.max) {
      reply.header('Retry-After', String(resetSeconds));
      return reply.status(429).send({ message: 'Too many requests. Please wait a moment and try again.' });
    }
    return undefined;
  };
}

/** The global limit: every request to the API counts. */
export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const limit = rateLimit(app, options);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    return limit(request, reply);
  });
}
