import { describe, expect, it } from 'vitest';
import { LruCache, ProviderCache, RateLimiter } from '../../src/providers/cache.ts';
import { gridCell } from '../../src/providers/grid.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function cacheWith(overrides: Partial<ConstructorParameters<typeof ProviderCache<number>>[0]> = {}) {
  const time = clock();
  const cache = new ProviderCache<number>({
    ttlMs: 60_000,
    maxStaleMs: 600_000,
    retryAfterMs: 10_000,
    maxEntries: 100,
    limiter: new RateLimiter([{ max: 1000, perMs: 60_000 }], time.now),
    now: time.now,
    ...overrides,
  });
  return { cache, time };
}

describe('LruCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now more recent than b
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.peek('b')).toBeUndefined();
    expect(lru.peek('a')).toBe(1);
    expect(lru.peek('c')).toBe(3);
  });
});

describe('RateLimiter', () => {
  it('allows max calls per window and frees them as the window slides', () => {
    const time = clock();
    const limiter = new RateLimiter([{ max: 3, perMs: 1000 }], time.now);
    expect([limiter.tryAcquire(), limiter.tryAcquire(), limiter.tryAcquire()]).toEqual([true, true, true]);
    expect(limiter.tryAcquire()).toBe(false);
    time.advance(1001);
    expect(limiter.tryAcquire()).toBe(true);
  });

  it('enforces every window (per minute and per hour)', () => {
    const time = clock();
    const limiter = new RateLimiter(
      [
        { max: 2, perMs: 60_000 },
        { max: 3, perMs: 3_600_000 },
      ],
      time.now,
    );
    expect(limiter.tryAcquire()).toBe(true);
    expect(limiter.tryAcquire()).toBe(true);
    expect(limiter.tryAcquire()).toBe(false); // minute full
    time.advance(61_000);
    expect(limiter.tryAcquire()).toBe(true);
    time.advance(61_000);
    expect(limiter.tryAcquire()).toBe(false); // hour full
  });
});

describe('ProviderCache', () => {
  it('serves a fresh value without calling again, then refreshes after the TTL', async () => {
    const { cache, time } = cacheWith();
    let calls = 0;
    const load = async () => ++calls;
    expect((await cache.get('k', load))?.value).toBe(1);
    time.advance(59_000);
    expect(await cache.get('k', load)).toMatchObject({ value: 1, stale: false, ageSeconds: 59 });
    time.advance(2_000);
    expect(await cache.get('k', load)).toMatchObject({ value: 2, stale: false, ageSeconds: 0 });
    expect(cache.stats.upstreamCalls).toBe(2);
  });

  it('shares one upstream call between concurrent requests for a key (single flight)', async () => {
    const { cache } = cacheWith();
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      calls += 1;
      await gate;
      return 42;
    };
    const pending = Array.from({ length: 20 }, () => cache.get('k', load));
    release();
    const results = await Promise.all(pending);
    expect(calls).toBe(1);
    expect(results.every((r) => r?.value === 42)).toBe(true);
  });

  it('serves the old value, marked stale with its age, when a refresh fails', async () => {
    const { cache, time } = cacheWith();
    await cache.get('k', async () => 7);
    time.advance(90_000);
    const result = await cache.get('k', async () => {
      throw new Error('upstream down');
    });
    expect(result).toMatchObject({ value: 7, stale: true, ageSeconds: 90 });
    expect(cache.stats.failures).toBe(1);
  });

  it('does not retry a failed key inside retryAfter, and gives up on values older than maxStale', async () => {
    const { cache, time } = cacheWith();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('down');
    };
    expect(await cache.get('k', failing)).toBeNull();
    expect(await cache.get('k', failing)).toBeNull();
    expect(calls).toBe(1);
    time.advance(10_001);
    await cache.get('k', failing);
    expect(calls).toBe(2);

    await cache.get('old', async () => 1);
    time.advance(600_001);
    expect(cache.peek('old')).toBeNull();
  });

  it('over the rate cap answers from cache instead of calling', async () => {
    const time = clock();
    const { cache } = cacheWith({ limiter: new RateLimiter([{ max: 2, perMs: 60_000 }], time.now) });
    let calls = 0;
    const load = async () => ++calls;
    await cache.get('a', load);
    await cache.get('b', load);
    expect(await cache.get('c', load)).toBeNull();
    expect(calls).toBe(2);
    expect(cache.stats.throttled).toBe(1);
  });

  it('stops calling a provider for a while after failures in a row (circuit breaker)', async () => {
    const { cache, time } = cacheWith({ breakerThreshold: 3, breakerCooldownMs: 30_000 });
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('down');
    };
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.get(key, failing);
    expect(calls).toBe(3);
    expect(cache.stats.shortCircuited).toBe(2);
    time.advance(30_001);
    expect((await cache.get('f', async () => 1))?.value).toBe(1);
  });

  it('peek never calls upstream', async () => {
    const { cache } = cacheWith();
    expect(cache.peek('k')).toBeNull();
    await cache.get('k', async () => 3);
    expect(cache.peek('k')?.value).toBe(3);
    expect(cache.stats.upstreamCalls).toBe(1);
  });
});

describe('gridCell', () => {
  it('puts nearby points in one cell and far ones in another', () => {
    const bondi = gridCell(-33.8915, 151.2767, 0.1);
    const tamarama = gridCell(-33.8999, 151.2711, 0.1);
    const manly = gridCell(-33.7969, 151.2878, 0.1);
    expect(bondi.key).toBe(tamarama.key);
    expect(bondi.key).not.toBe(manly.key);
  });
});
