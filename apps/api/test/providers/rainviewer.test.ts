import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_TUNING } from '../../src/providers/index.ts';
import { parseWeatherMaps, radarTileTemplate, RAINVIEWER_MAX_ZOOM } from '../../src/providers/rainviewer.ts';
import { UpstreamError } from '../../src/providers/http.ts';
import { startUpstreamServer, type UpstreamServer } from '../fakes/upstream-server.ts';
import { fakeProviders, TEST_NOW, testClock } from './helpers.ts';

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

const radarOf = (overrides: { timeoutMs?: number } = {}) => fakeProviders(fake, clock, overrides).radar!;

describe('RainViewer adapter', () => {
  it('reads weather-maps.json: host and past frames, oldest first, ending at the latest 10-minute frame', async () => {
    const result = await radarOf().get();
    const { host, frames } = result!.value;
    expect(host).toBe(`${fake.url}/rainviewer/tiles`);
    expect(frames.length).toBe(13);
    expect(frames.map((f) => f.time)).toEqual([...frames.map((f) => f.time)].sort((a, b) => a - b));
    expect(frames.at(-1)!.time).toBe(Math.floor(TEST_NOW / 600_000) * 600);
    const template = radarTileTemplate(host, frames[0]!);
    expect(template).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/rainviewer\/tiles\/v2\/radar\/[0-9a-f]+\/256\/\{z\}\/\{x\}\/\{y\}\/2\/1_1\.png$/,
    );
    expect(RAINVIEWER_MAX_ZOOM).toBe(7);
    // The fake serves the tile the template names.
    const tile = await fetch(template.replace('{z}', '7').replace('{x}', '117').replace('{y}', '76'));
    expect(tile.headers.get('content-type')).toBe('image/png');
  });

  it('is one cache entry for the whole country (one upstream call for every beach)', async () => {
    const radar = radarOf();
    await Promise.all(Array.from({ length: 10 }, () => radar.get()));
    await radar.get();
    expect(fake.calls('radar')).toBe(1);
  });

  it.each(['500', 'malformed', 'down', 'hang'] as const)(
    'serves nothing on a %s upstream with nothing cached',
    async (mode) => {
      fake.setMode('radar', mode);
      const radar = radarOf({ timeoutMs: 1_000 });
      expect(await radar.get()).toBeNull();
      expect(radar.cache.stats.failures).toBe(1);
    },
  );

  it('drops frames without a path (partial data) and keeps the rest', async () => {
    fake.setMode('radar', 'partial');
    const { frames } = (await radarOf().get())!.value;
    expect(frames.length).toBe(6);
    expect(frames.every((f) => f.path.startsWith('/v2/radar/'))).toBe(true);
  });

  it('serves the last frames marked stale with their age when a refresh fails', async () => {
    const radar = radarOf();
    await radar.get();
    clock.advance(PROVIDER_TUNING.radar.ttlMs + 60_000);
    fake.setMode('radar', '500');
    const stale = await radar.get();
    expect(stale).toMatchObject({ stale: true, ageSeconds: (PROVIDER_TUNING.radar.ttlMs + 60_000) / 1000 });
    expect(stale!.value.frames.length).toBe(13);
  });

  it('rejects hosts and paths that are not plain http(s) tile locations', () => {
    expect(() => parseWeatherMaps({ host: 'javascript:alert(1)', radar: { past: [] } })).toThrow(
      UpstreamError,
    );
    expect(() => parseWeatherMaps({ host: 'https://x.test', radar: {} })).toThrow(UpstreamError);
    const parsed = parseWeatherMaps({
      host: 'https://tilecache.rainviewer.com/',
      radar: {
        past: [
          { time: 2, path: '/v2/radar/b' },
          { time: 1, path: '/v2/radar/a' },
          { time: 3, path: '/../../etc' },
          { time: 4, path: '"><script>' },
          { time: 'x', path: '/v2/radar/c' },
        ],
      },
    });
    expect(parsed).toEqual({
      host: 'https://tilecache.rainviewer.com',
      frames: [
        { time: 1, path: '/v2/radar/a' },
        { time: 2, path: '/v2/radar/b' },
      ],
    });
  });
});
