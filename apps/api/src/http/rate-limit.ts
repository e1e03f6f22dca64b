import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Per-client rate limits on top of @fastify/rate-limit. Limits are attached to routes (the path
 * Fastify routed the request to), so `/%61pi/v4/sync` and the absolute form
 * `POST http://host/api/v4/notfound` count exactly like `/api/v4/sync` and `/api/v4/notfound`.
 *
 * The plugin's own per-route hook runs at most one limit per request; the account endpoints need
 * their own limit on top of the general one (both count, as before), so each limit here is a hook
 * built on the plugin's `createRateLimit`, and the counting happens in a sliding window store.
 */

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

export type RateLimitHook = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply | undefined>;

export interface RateLimitOptions {
  /** Requests allowed per client per window. */
  max: number;
  windowMs: number;
}

interface WindowState {
  /** When the current window started (ms). */
  start: number;
  current: number;
  previous: number;
}

/**
 * A sliding window counter: the previous window's count weighted by how much of it still overlaps
 * the last `windowMs`, plus the current window's. Unlike a fixed window it does not let a client
 * spend a full allowance at the end of one window and another at the start of the next. Refused
 * requests are not counted, so a client that keeps knocking regains its allowance as time passes.
 * At most `capacity` clients are remembered (least recently seen forgotten first).
 */
export class SlidingWindowCounter {
  private readonly windows = new Map<string, WindowState>();
  private readonly now: () => number;
  private readonly capacity: number;
  constructor(now: () => number = Date.now, capacity = 10_000) {
    this.now = now;
    this.capacity = capacity;
  }

  /** Counts one request of `key`: allowed (and counted) or not, the estimate, and ms to wait or to the window's end. */
  hit(key: string, windowMs: number, max: number): { allowed: boolean; current: number; ttl: number } {
    const now = this.now();
    let state = this.windows.get(key);
    if (state) this.windows.delete(key);
    if (!state || now >= state.start + 2 * windowMs) {
      state = { start: now, current: 0, previous: 0 };
    } else if (now >= state.start + windowMs) {
      state = { start: state.start + windowMs, current: 0, previous: state.current };
    }
    this.windows.set(key, state);
    if (this.windows.size > this.capacity) this.windows.delete(this.windows.keys().next().value!);

    const elapsed = now - state.start;
    const estimate = (extra: number) => state.previous * (1 - elapsed / windowMs) + state.current + extra;
    if (estimate(1) <= max) {
      state.current++;
      return { allowed: true, current: Math.ceil(estimate(0)), ttl: state.start + windowMs - now };
    }
    return {
      allowed: false,
      current: max + 1,
      ttl: Math.max(1, Math.ceil(this.waitMs(state, elapsed, windowMs, max))),
    };
  }

  /** How long until one more request fits under `max`. */
  private waitMs(state: WindowState, elapsed: number, windowMs: number, max: number): number {
    if (state.current + 1 <= max && state.previous > 0) {
      // Still in this window, once enough of the previous one has slid out.
      const at = windowMs * (1 - (max - state.current - 1) / state.previous);
      if (at < windowMs) return at - elapsed;
    }
    // In the next window, once enough of this one has slid out.
    const into = state.current > 0 ? Math.max(0, windowMs * (1 - (max - 1) / state.current)) : 0;
    return windowMs - elapsed + into;
  }
}

type StoreResult = { current: number; ttl: number };

/** @fastify/rate-limit's store interface over a SlidingWindowCounter; each child (each limit) counts alone. */
export function slidingWindowStore(now: () => number = Date.now) {
  return class SlidingWindowStore {
    readonly counter = new SlidingWindowCounter(now);
    incr(
      key: string,
      callback: (error: Error | null, result?: StoreResult) => void,
      timeWindow: number,
      max: number,
    ) {
      const { current, ttl } = this.counter.hit(key, timeWindow, max);
      callback(null, { current, ttl });
    }
    child() {
      return new SlidingWindowStore();
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The general API limit as a hook, for requests that reach no route (the not-found handler). */
    generalRateLimit: RateLimitHook;
  }
}

/** The client as the rate limits see it: its address (an IPv6 client by its /64). */
const clientKey = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * One limit as an onRequest hook: 429 with Retry-After once the client goes over `max`. Every
 * route the hook is attached to shares its count. The RateLimit-* headers report whichever limit
 * on the route leaves the client the least room.
 */
export function rateLimit(app: FastifyInstance, options: RateLimitOptions): RateLimitHook {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: clientKey,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed) return undefined;
    const resetSeconds = Math.max(1, result.ttlInSeconds);
    const reported = Number(reply.getHeader('RateLimit-Remaining') ?? Infinity);
    if (result.remaining <= reported) {
      reply.header('RateLimit-Limit', String(result.max));
      reply.header('RateLimit-Remaining', String(result.remaining));
      reply.header('RateLimit-Reset', String(resetSeconds));
    }
    if (!result.isExceeded) return undefined;
    reply.header('Retry-After', String(resetSeconds));
    return reply.status(429).send({ message: TOO_MANY_REQUESTS });
  };
}

export interface GeneralRateLimitOptions extends RateLimitOptions {
  /**
   * Stricter limits for particular routes ("METHOD /path" as registered), on top of the general
   * one; routes given the same number share one count per client.
   */
  routes?: Record<string, number>;
  /** The clock of the counters (tests move it). */
  now?: () => number;
}

/** Routes under these prefixes count towards the general limit; the web app and /healthz do not. */
const LIMITED_PREFIXES = ['/api/', '/auth/'];

/**
 * Registers @fastify/rate-limit with the sliding window store and attaches the general limit to
 * every API route, plus the stricter per-route limits. Must run before the routes are registered.
 * The counts live in this process: several processes behind a load balancer each count alone
 * (see docs/decisions.md for the shared store option).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: GeneralRateLimitOptions,
): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: slidingWindowStore(options.now) });
  const general = rateLimit(app, options);
  const strict = new Map<number, RateLimitHook>();
  const strictFor = (max: number) => {
    let hook = strict.get(max);
    if (!hook) strict.set(max, (hook = rateLimit(app, { max, windowMs: options.windowMs })));
    return hook;
  };
  app.decorate('generalRateLimit', general);
  app.addHook('onRoute', (route) => {
    if (!LIMITED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hooks: RateLimitHook[] = [general];
    const routeMax = methods.map((method) => options.routes?.[`${method} ${route.url}`]).find(Boolean);
    if (routeMax) hooks.push(strictFor(routeMax));
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    // The general limit first, then the route's own (account) limits.
    route.onRequest = [...hooks, ...existing] as typeof route.onRequest;
  });
}

/**
 * The path a request without a route asked for, as the router would read it: the absolute form's
 * origin dropped, percent-escapes decoded, no query.
 */
export function requestedPath(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    pathname = url.split('?')[0] ?? '/';
  }
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
