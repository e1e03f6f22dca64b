import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_TUNING } from '../../src/providers/index.ts';
import { hourIndex, valueAt } from '../../src/providers/open-meteo.ts';
import { openMeteoForecastUrl } from '../../src/providers/open-meteo-forecast.ts';
import { startUpstreamServer, type UpstreamServer } from '../fakes/upstream-server.ts';
import { BONDI, fakeProviders, MANLY, TAMARAMA, TEST_NOW, testClock } from './helpers.ts';

// One clock for the fake upstream and the adapters under test, back at TEST_NOW before each test.
const clock = testClock();
let fake: UpstreamServer;
beforeAll(async () => {
  fake = await startUpstreamServer({ now: clock.now });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  clock.set(TEST_NOW);
});

// The two Open-Meteo adapters behave the same way against their own fake endpoints.
describe.each([
  {
    kind: 'forecast' as const,
    variable: 'temperature_2m',
    partialMissing: 'uv_index',
    partialKept: 'wind_speed_10m',
  },
  {
    kind: 'marine' as const,
    variable: 'swell_wave_height',
    partialMissing: 'sea_surface_temperature',
    partialKept: 'swell_wave_direction',
  },
])('Open-Meteo $kind adapter', ({ kind, variable, partialMissing, partialKept }) => {
  const providerOf = (overrides: { timeoutMs?: number } = {}) => {
    const providers = fakeProviders(fake, clock, overrides);
    return { provider: providers[kind]! };
  };
  const column = (data: { values: Record<string, Float32Array> }, name: string) => data.values[name]!;

  it('reads hourly data in the real format: 8 days from UTC midnight yesterday, values now', async () => {
    const { provider } = providerOf();
    const result = await provider.get(BONDI);
    expect(result).toMatchObject({ stale: false, ageSeconds: 0 });
    const data = result!.value;
    expect(data.times.length).toBe(192);
    expect(data.times[0]).toBe(Date.parse('2026-11-20T00:00:00Z'));
    expect(data.times[1]! - data.times[0]!).toBe(3_600_000);
    const now = hourIndex(data.times, TEST_NOW);
    expect(now).toBe(24 + 1); // 01:00 UTC today
    expect(valueAt(column(data, variable), now)).toEqual(expect.any(Number));
    expect(fake.calls(kind)).toBe(1);
  });

  it('gives up on a hung upstream at the timeout and serves nothing (nothing cached)', async () => {
    fake.setMode(kind, 'hang');
    const { provider } = providerOf({ timeoutMs: 1_000 });
    const started = performance.now();
    expect(await provider.get(BONDI)).toBeNull();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(provider.cache.stats.failures).toBe(1);
  });

  it.each(['500', 'malformed', 'down'] as const)('treats a %s answer as a failure', async (mode) => {
    fake.setMode(kind, mode);
    const { provider } = providerOf();
    expect(await provider.get(BONDI)).toBeNull();
    expect(provider.cache.stats.failures).toBe(1);
    expect(fake.calls(kind)).toBe(1);
  });

  it('keeps what a partial answer has: missing variables and trailing nulls become gaps', async () => {
    fake.setMode(kind, 'partial');
    const { provider } = providerOf();
    const data = (await provider.get(BONDI))!.value;
    expect(Array.from(column(data, partialMissing)).every(Number.isNaN)).toBe(true);
    expect(valueAt(column(data, partialKept), 0)).toEqual(expect.any(Number));
    expect(valueAt(column(data, partialKept), data.times.length - 1)).toBeNull();
  });

  it('shares one cached answer between nearby beaches (one upstream call)', async () => {
    const { provider } = providerOf();
    const bondi = await provider.get(BONDI);
    const tamarama = await provider.get(TAMARAMA);
    expect(tamarama!.value).toBe(bondi!.value);
    expect(fake.calls(kind)).toBe(1);
    await provider.get(MANLY);
    expect(fake.calls(kind)).toBe(2);
  });

  it('makes one upstream call for many concurrent requests of a cell (single flight)', async () => {
    const { provider } = providerOf();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => provider.get(i % 2 ? BONDI : TAMARAMA)),
    );
    expect(results.every((r) => r !== null && r.value === results[0]!.value)).toBe(true);
    expect(fake.calls(kind)).toBe(1);
  });

  it('after a success, serves the old answer marked stale with its age when the upstream fails', async () => {
    const { provider } = providerOf();
    const first = await provider.get(BONDI);
    const ttl = PROVIDER_TUNING[kind].ttlMs;
    clock.advance(ttl + 5_000);
    fake.setMode(kind, '500');
    const second = await provider.get(BONDI);
    expect(second).toMatchObject({ stale: true, ageSeconds: Math.floor((ttl + 5_000) / 1000) });
    expect(second!.value).toBe(first!.value);
    expect(fake.calls(kind)).toBe(2);
    // Still within retryAfter: no new call, same stale answer.
    expect((await provider.get(BONDI))?.stale).toBe(true);
    expect(fake.calls(kind)).toBe(2);
  });

  it('never exceeds the Open-Meteo rate cap (shared by forecast and marine), answering from cache beyond it', async () => {
    const providers = fakeProviders(fake, clock, { openMeteoCallsPerDay: 3 });
    const provider = providers[kind]!;
    const other = providers[kind === 'forecast' ? 'marine' : 'forecast']!;
    const cells = [
      BONDI,
      MANLY,
      { latitude: -28.6474, longitude: 153.602 },
      { latitude: -37.8, longitude: 144.9 },
    ];
    expect(await other.get(BONDI)).not.toBeNull(); // one of the three daily calls
    const results = [];
    for (const cell of cells) results.push(await provider.get(cell));
    expect(results.map((r) => r !== null)).toEqual([true, true, false, false]);
    expect(provider.cache.stats.throttled).toBe(2);
    expect(fake.calls('forecast') + fake.calls('marine')).toBe(3);
    // Cached cells are still served while the cap holds.
    expect((await provider.get(BONDI))?.value).toBe(results[0]!.value);
    // A day later the cap has room again.
    clock.advance(86_400_001);
    expect(await provider.get(cells[3]!)).not.toBeNull();
  });
});

describe('Open-Meteo request', () => {
  it('asks for UTC unix times, km/h and yesterday plus 7 days, keeping query parameters of the configured URL', () => {
    const url = new URL(
      openMeteoForecastUrl('https://customer-api.open-meteo.com/v1/forecast?apikey=k', BONDI),
    );
    expect(url.searchParams.get('apikey')).toBe('k');
    expect(url.searchParams.get('timeformat')).toBe('unixtime');
    expect(url.searchParams.get('timezone')).toBe('GMT');
    expect(url.searchParams.get('wind_speed_unit')).toBe('kmh');
    expect(url.searchParams.get('past_days')).toBe('1');
    expect(url.searchParams.get('forecast_days')).toBe('7');
    expect(url.searchParams.get('latitude')).toBe('-33.8915');
  });
});
