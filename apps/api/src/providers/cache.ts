/**
 * What keeps upstream calls bounded: every provider reads through a ProviderCache, so a page view
 * never causes an upstream call by itself.
 *
 * - Entries are per grid cell (see grid.ts), so nearby beaches share one upstream answer.
 * - Fresh for `ttlMs`; after that the next request refreshes it. If the refresh fails, the old
 *   value is served marked stale with its age, up to `maxStaleMs`.
 * - Concurrent requests for the same key share one upstream call (single flight).
 * - After a failure the key is not retried for `retryAfterMs` (requests get the stale value or
 *   nothing), so a dead upstream is asked at most once per key per window.
 * - A global per-provider RateLimiter caps calls across all keys; over the cap a request is
 *   answered from cache (stale or nothing) instead of calling out.
 * - A circuit breaker: after `breakerThreshold` failures in a row (any keys) the provider makes no
 *   call for `breakerCooldownMs`, then tries one; so an upstream that is down costs a few calls a
 *   minute, not one per cell.
 *
 * Storage is an in-process LRU with a bounded number of entries. That is enough for one process:
 * the whole coast fits (about 5,000 cells per provider, a few KB each). With several API
 * processes each keeps its own copy, multiplying upstream calls by the number of processes;
 * a shared cache (Redis, or a table) in front of the providers would be needed to keep the budget
 * independent of the process count.
 */

let generation = 0;

/**
 * Raised whenever any provider cache stores a value from upstream: cached public answers that
 * carry provider data (conditions at a place, warnings) are produced again after it
 * (modules/read-model).
 */
export function providerCacheGeneration(): number {
  return generation;
}

/** A bounded least-recently-used map. */
export class LruCache<K, V> {
  readonly maxEntries: number;
  readonly #map = new Map<K, V>();

  constructor(maxEntries: number) {
    if (!(maxEntries >= 1)) throw new Error('LruCache needs room for at least one entry');
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#map.size;
  }

  /** The value, marked most recently used. */
  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, value);
    return value;
  }

  /** The value without touching its recency. */
  peek(key: K): V | undefined {
    return this.#map.get(key);
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    while (this.#map.size > this.maxEntries) {
      const oldest = this.#map.keys().next().value as K;
      this.#map.delete(oldest);
    }
  }

  delete(key: K): void {
    this.#map.delete(key);
  }
}

export interface RateWindow {
  max: number;
  perMs: number;
}

/**
 * Sliding-window caps on calls ("at most 500 a minute and 5,000 an hour"). `tryAcquire` records a
 * call and says yes, or says no without recording anything.
 */
export class RateLimiter {
  readonly windows: readonly RateWindow[];
  readonly #now: () => number;
  readonly #calls: number[] = [];
  readonly #longest: number;

  constructor(windows: readonly RateWindow[], now: () => number = Date.now) {
    this.windows = windows;
    this.#now = now;
    this.#longest = Math.max(0, ...windows.map((w) => w.perMs));
  }

  /** Takes `count` calls (a request for several locations costs one call per location) or none. */
  tryAcquire(count = 1): boolean {
    const now = this.#now();
    let drop = 0;
    while (drop < this.#calls.length && this.#calls[drop]! <= now - this.#longest) drop += 1;
    if (drop > 0) this.#calls.splice(0, drop);
    for (const window of this.windows) {
      if (this.#countSince(now - window.perMs) + count > window.max) return false;
    }
    for (let i = 0; i < count; i += 1) this.#calls.push(now);
    return true;
  }

  /** Calls since `from` (exclusive); the log is sorted, so a binary search. */
  #countSince(from: number): number {
    let lo = 0;
    let hi = this.#calls.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#calls[mid]! <= from) lo = mid + 1;
      else hi = mid;
    }
    return this.#calls.length - lo;
  }
}

export interface Cached<T> {
  value: T;
  /** When the value came from upstream (ms since the epoch). */
  fetchedAt: number;
  ageSeconds: number;
  /** Older than the freshness window: served because a refresh failed or was not allowed. */
  stale: boolean;
}

export interface CacheStats {
  /** Calls made to the upstream (started loads). */
  upstreamCalls: number;
  hits: number;
  failures: number;
  /** Requests refused an upstream call by the rate cap. */
  throttled: number;
  /** Requests refused an upstream call because the circuit was open. */
  shortCircuited: number;
}

export interface ProviderCacheOptions {
  ttlMs: number;
  maxStaleMs: number;
  retryAfterMs: number;
  maxEntries: number;
  limiter: RateLimiter;
  /** Failures in a row that open the circuit (default 5). */
  breakerThreshold?: number;
  /** How long an open circuit makes no calls (default 60 s). */
  breakerCooldownMs?: number;
  now?: () => number;
  /** Told about every failed load (for logging). */
  onFailure?: (key: string, error: unknown) => void;
}

interface Slot<T> {
  value?: T;
  fetchedAt?: number;
  failedAt?: number;
}

export class ProviderCache<T> {
  readonly stats: CacheStats = { upstreamCalls: 0, hits: 0, failures: 0, throttled: 0, shortCircuited: 0 };
  readonly #options: ProviderCacheOptions;
  readonly #now: () => number;
  readonly #slots: LruCache<string, Slot<T>>;
  readonly #inFlight = new Map<string, Promise<Cached<T> | null>>();
  #failuresInARow = 0;
  #openUntil = 0;

  constructor(options: ProviderCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#slots = new LruCache(options.maxEntries);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** The cached value of `key` (fresh or stale within maxStale) without ever calling upstream. */
  peek(key: string): Cached<T> | null {
    return this.#present(this.#slots.peek(key));
  }

  /**
   * The value of `key`: from cache while fresh, else from `load` (one call at a time per key,
   * within the rate cap), else the stale value, else null.
   */
  async get(key: string, load: () => Promise<T>): Promise<Cached<T> | null> {
    const slot = this.#slots.get(key);
    const now = this.#now();
    if (slot?.fetchedAt !== undefined && now - slot.fetchedAt < this.#options.ttlMs) {
      this.stats.hits += 1;
      return this.#present(slot);
    }
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    if (slot?.failedAt !== undefined && now - slot.failedAt < this.#options.retryAfterMs) {
      return this.#present(slot);
    }
    if (now < this.#openUntil) {
      this.stats.shortCircuited += 1;
      return this.#present(slot);
    }
    if (!this.#options.limiter.tryAcquire()) {
      this.stats.throttled += 1;
      return this.#present(slot);
    }

    this.stats.upstreamCalls += 1;
    const flight = load().then(
      (value) => {
        this.#failuresInARow = 0;
        this.#slots.set(key, { value, fetchedAt: this.#now() });
        generation += 1;
        return this.#present(this.#slots.peek(key));
      },
      (error: unknown) => {
        this.stats.failures += 1;
        this.#failuresInARow += 1;
        if (this.#failuresInARow >= (this.#options.breakerThreshold ?? 5)) {
          this.#openUntil = this.#now() + (this.#options.breakerCooldownMs ?? 60_000);
        }
        this.#options.onFailure?.(key, error);
        const previous = this.#slots.peek(key);
        this.#slots.set(key, { ...previous, failedAt: this.#now() });
        return this.#present(this.#slots.peek(key));
      },
    );
    const shared = flight.finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, shared);
    return shared;
  }

  #present(slot: Slot<T> | undefined): Cached<T> | null {
    if (!slot || slot.value === undefined || slot.fetchedAt === undefined) return null;
    const age = Math.max(0, this.#now() - slot.fetchedAt);
    if (age > this.#options.maxStaleMs) return null;
    return {
      value: slot.value,
      fetchedAt: slot.fetchedAt,
      ageSeconds: Math.floor(age / 1000),
      stale: age >= this.#options.ttlMs,
    };
  }
}
