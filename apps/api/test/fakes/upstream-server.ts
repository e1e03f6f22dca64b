import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A fake of every conditions upstream, serving recorded responses in each provider's real format
 * so the real adapters run against it:
 *
 *   GET /open-meteo/v1/forecast?…            Open-Meteo forecast JSON (fixtures/open-meteo-forecast.json)
 *   GET /open-meteo/v1/marine?…              Open-Meteo marine JSON (fixtures/open-meteo-marine.json); with
 *                                            comma-separated latitude/longitude lists, an array of
 *                                            answers as the real API gives. The fixture's wave_height and
 *                                            wave_direction (total sea, for the rip outlook) were made from
 *                                            its recorded swell (height × 1.1 + 0.1 m, direction + 5°).
 *   GET /rainviewer/public/weather-maps.json RainViewer frame index (fixtures/rainviewer-weather-maps.json)
 *   GET /rainviewer/tiles/…png               a transparent tile for any frame, so browsers load nothing external
 *   GET /bom/{state}.xml                     warnings: nsw = CAP 1.2 alerts in an Atom feed, wa = the
 *                                            Bureau's RSS, other states an empty feed
 *   GET /beachwatch/public/sites/geojson     Beachwatch water quality GeoJSON (fixtures/beachwatch-sites.geojson)
 *
 * Times are made relative to now when served (hourly series start at UTC midnight `past_days`
 * ago, radar frames end at the last 10-minute mark, CAP/RSS placeholders {{now±Nh}} filled in).
 * "Now" is the test's clock, never the real date: tests pass `now` (their shared test clock); the
 * browser test run passes `--clock-offset-ms`, the same offset the server under test runs with.
 *
 * Control (for tests, per provider `forecast` | `marine` | `radar` | `warnings` | `water`):
 *   GET  /__control          -> { modes, calls }
 *   POST /__control          { "forecast": "500", … } sets modes: ok | 500 | hang | malformed | partial | down
 *   POST /__control/reset    every mode back to ok, call counts to 0
 *
 * Start it from a test with `startUpstreamServer({ now })`, or as a CLI for the browser tests:
 *   node apps/api/test/fakes/upstream-server.ts --port 8299 [--host 127.0.0.1] [--clock-offset-ms N]
 */

export const PROVIDERS = ['forecast', 'marine', 'radar', 'warnings', 'water'] as const;
export type FakeProvider = (typeof PROVIDERS)[number];
export const MODES = ['ok', '500', 'hang', 'malformed', 'partial', 'down'] as const;
export type FakeMode = (typeof MODES)[number];

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// 1x1 transparent PNG.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface OpenMeteoFixture {
  latitude: number;
  longitude: number;
  hourly: Record<string, unknown[]>;
  [key: string]: unknown;
}

function readFixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

export interface UpstreamServer {
  /** Base URL, e.g. http://127.0.0.1:8299 */
  url: string;
  /** The provider URLs the app should be configured with. */
  env: {
    OPEN_METEO_FORECAST_URL: string;
    OPEN_METEO_MARINE_URL: string;
    RAINVIEWER_URL: string;
    BOM_WARNINGS_URLS: string;
    BEACHWATCH_URL: string;
  };
  setMode(provider: FakeProvider, mode: FakeMode): void;
  setModes(modes: Partial<Record<FakeProvider, FakeMode>>): void;
  /** Requests served per provider since the last reset. */
  calls(provider: FakeProvider): number;
  reset(): void;
  close(): Promise<void>;
}

export function providerUrls(base: string): UpstreamServer['env'] {
  return {
    OPEN_METEO_FORECAST_URL: `${base}/open-meteo/v1/forecast`,
    OPEN_METEO_MARINE_URL: `${base}/open-meteo/v1/marine`,
    RAINVIEWER_URL: `${base}/rainviewer/public/weather-maps.json`,
    BOM_WARNINGS_URLS: ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT']
      .map((state) => `${state}=${base}/bom/${state.toLowerCase()}.xml`)
      .join(','),
    BEACHWATCH_URL: `${base}/beachwatch/public/sites/geojson`,
  };
}

/** Fills {{now±N(h|m)}} (ISO) and {{rfc822 now±N(h|m)}} placeholders. */
function fillTimes(text: string, now: number): string {
  return text.replace(/\{\{(rfc822 )?now(?:([+-])(\d+)([hm]))?\}\}/g, (_, rfc, sign, amount, unit) => {
    const offset = amount ? Number(amount) * (unit === 'h' ? HOUR : 60_000) * (sign === '-' ? -1 : 1) : 0;
    const date = new Date(Math.floor((now + offset) / 1000) * 1000);
    return rfc ? date.toUTCString() : date.toISOString().replace('.000Z', '+00:00');
  });
}

/** One answer per point for comma-separated coordinate lists (an array), one object for one point. */
function openMeteoBodies(
  fixture: OpenMeteoFixture,
  query: URLSearchParams,
  now: number,
  partial: readonly string[],
): OpenMeteoFixture | OpenMeteoFixture[] | { error: true; reason: string } {
  const latitudes = (query.get('latitude') ?? '').split(',');
  const longitudes = (query.get('longitude') ?? '').split(',');
  if (latitudes.length !== longitudes.length)
    return { error: true, reason: 'Parameter latitude and longitude must have the same number of elements' };
  if (latitudes.length === 1)
    return openMeteoBody(fixture, query, Number(latitudes[0]), Number(longitudes[0]), now, partial);
  const bodies: OpenMeteoFixture[] = [];
  for (let i = 0; i < latitudes.length; i += 1) {
    const body = openMeteoBody(fixture, query, Number(latitudes[i]), Number(longitudes[i]), now, partial);
    if ('error' in body) return body;
    bodies.push(body);
  }
  return bodies;
}

function openMeteoBody(
  fixture: OpenMeteoFixture,
  query: URLSearchParams,
  latitude: number,
  longitude: number,
  now: number,
  partial: readonly string[],
): OpenMeteoFixture | { error: true; reason: string } {
  if (
    !query.get('latitude') ||
    !query.get('longitude') ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  ) {
    return { error: true, reason: 'Parameter latitude and longitude must be set' };
  }
  const pastDays = Number(query.get('past_days') ?? 0);
  const forecastDays = Number(query.get('forecast_days') ?? 7);
  const available = fixture.hourly.time?.length ?? 0;
  const hours = Math.min(available, (pastDays + forecastDays) * 24);
  const start = Math.floor(now / DAY) * DAY - pastDays * DAY;
  const wanted = (query.get('hourly') ?? '').split(',').filter(Boolean);
  const hourly: Record<string, unknown[]> = {
    time: Array.from({ length: hours }, (_, i) => (start + i * HOUR) / 1000),
  };
  for (const variable of wanted) {
    const column = fixture.hourly[variable];
    if (!column || partial.includes(variable)) continue;
    hourly[variable] = column.slice(0, hours);
  }
  if (partial.length > 0) {
    // Partial data: the model has no values for the last two days of what is left.
    for (const [variable, column] of Object.entries(hourly)) {
      if (variable !== 'time') hourly[variable] = column.map((value, i) => (i >= hours - 48 ? null : value));
    }
  }
  return {
    ...fixture,
    // The real API answers with the grid point it used, near the one asked for.
    latitude: Math.round(latitude * 16) / 16,
    longitude: Math.round(longitude * 16) / 16,
    hourly,
  };
}

export async function startUpstreamServer(options: {
  port?: number;
  host?: string;
  /** The shared test clock (ms since the epoch). */
  now?: () => number;
  /** Or: the real time moved by this much, as the server under test's SAFESHORE_CLOCK_OFFSET_MS. */
  clockOffsetMs?: number;
}): Promise<UpstreamServer> {
  if ((options.now === undefined) === (options.clockOffsetMs === undefined))
    throw new Error('startUpstreamServer needs one clock: `now` (the test clock) or `clockOffsetMs`');
  const offset = options.clockOffsetMs ?? 0;
  const now = options.now ?? (() => Date.now() + offset);
  const modes = Object.fromEntries(PROVIDERS.map((p) => [p, 'ok'])) as Record<FakeProvider, FakeMode>;
  const counts = Object.fromEntries(PROVIDERS.map((p) => [p, 0])) as Record<FakeProvider, number>;
  const forecastFixture = JSON.parse(readFixture('open-meteo-forecast.json')) as OpenMeteoFixture;
  const marineFixture = JSON.parse(readFixture('open-meteo-marine.json')) as OpenMeteoFixture;
  const mapsFixture = JSON.parse(readFixture('rainviewer-weather-maps.json')) as {
    generated: number;
    radar: { past: Array<{ time: number; path: string }> };
    [key: string]: unknown;
  };
  const capFeed = readFixture('bom-warnings-nsw.cap.xml');
  const rssFeed = readFixture('bom-warnings-wa.rss.xml');
  const beachwatchSites = readFixture('beachwatch-sites.geojson');
  const emptyFeed =
    '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><id>urn:empty</id><title>No current warnings</title><updated>{{now}}</updated></feed>\n';

  const send = (res: http.ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

  /** Applies the provider's failure mode; true when the request has been dealt with. */
  const failed = (provider: FakeProvider, req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    counts[provider] += 1;
    switch (modes[provider]) {
      case 'down':
        req.socket.destroy();
        return true;
      case 'hang':
        return true;
      case '500':
        if (provider === 'forecast' || provider === 'marine')
          json(res, 500, { error: true, reason: 'Internal Server Error' });
        else send(res, 500, 'text/html', '<html><body><h1>500 Internal Server Error</h1></body></html>');
        return true;
      default:
        return false;
    }
  };

  const server = http.createServer((req, res) => {
    const base = `http://${req.headers.host ?? 'localhost'}`;
    const url = new URL(req.url ?? '/', base);
    const mode = (provider: FakeProvider) => modes[provider];

    if (url.pathname === '/__control' && req.method === 'GET')
      return json(res, 200, { modes, calls: counts });
    if (url.pathname === '/__control/reset' && req.method === 'POST') {
      for (const p of PROVIDERS) {
        modes[p] = 'ok';
        counts[p] = 0;
      }
      return json(res, 200, { modes, calls: counts });
    }
    if (url.pathname === '/__control' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        try {
          const asked = JSON.parse(raw || '{}') as Record<string, string>;
          for (const [provider, value] of Object.entries(asked)) {
            if (
              !(PROVIDERS as readonly string[]).includes(provider) ||
              !(MODES as readonly string[]).includes(value)
            ) {
              return json(res, 422, { message: `unknown provider or mode: ${provider}=${value}` });
            }
          }
          Object.assign(modes, asked);
          json(res, 200, { modes, calls: counts });
        } catch {
          json(res, 422, { message: 'body must be JSON' });
        }
      });
      return;
    }

    if (url.pathname === '/open-meteo/v1/forecast' || url.pathname === '/open-meteo/v1/marine') {
      const provider: FakeProvider = url.pathname.endsWith('forecast') ? 'forecast' : 'marine';
      if (failed(provider, req, res)) return;
      if (mode(provider) === 'malformed') {
        if (provider === 'forecast')
          return send(res, 200, 'application/json', '{"latitude":-33.875,"hourly":{"time":[17368');
        return send(res, 200, 'text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>');
      }
      const partial =
        mode(provider) !== 'partial'
          ? []
          : provider === 'forecast'
            ? ['uv_index', 'weather_code']
            : ['sea_surface_temperature', 'swell_wave_period'];
      const body = openMeteoBodies(
        provider === 'forecast' ? forecastFixture : marineFixture,
        url.searchParams,
        now(),
        partial,
      );
      return json(res, 'error' in body ? 400 : 200, body);
    }

    if (url.pathname === '/rainviewer/public/weather-maps.json') {
      if (failed('radar', req, res)) return;
      if (mode('radar') === 'malformed')
        return send(res, 200, 'application/json', '{"version":"2.0","host":');
      const last = Math.floor(now() / 600_000) * 600;
      const frames = mapsFixture.radar.past.map((frame, i, all) => ({
        time: last - (all.length - 1 - i) * 600,
        path: frame.path,
      }));
      return json(res, 200, {
        ...mapsFixture,
        generated: last + 60,
        host: `${base}/rainviewer/tiles`,
        radar: {
          ...mapsFixture.radar,
          past:
            mode('radar') === 'partial' ? frames.map((f, i) => (i % 2 === 0 ? { time: f.time } : f)) : frames,
        },
      });
    }
    if (url.pathname.startsWith('/rainviewer/tiles/') && url.pathname.endsWith('.png')) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=600' });
      return res.end(TILE);
    }

    const bom = /^\/bom\/([a-z]+)\.xml$/.exec(url.pathname);
    if (bom) {
      if (failed('warnings', req, res)) return;
      if (mode('warnings') === 'malformed') {
        return send(
          res,
          200,
          'application/xml',
          '<?xml version="1.0"?><feed><entry><alert><info><headline>Gale',
        );
      }
      let feed = bom[1] === 'nsw' ? capFeed : bom[1] === 'wa' ? rssFeed : emptyFeed;
      if (mode('warnings') === 'partial') {
        // Only the first alert keeps its <info>; the others arrive without any text.
        let kept = 0;
        feed = feed.replace(/<info>[\s\S]*?<\/info>/g, (block) => (kept++ === 0 ? block : ''));
      }
      return send(res, 200, 'application/xml; charset=utf-8', fillTimes(feed, now()));
    }

    if (url.pathname === '/beachwatch/public/sites/geojson') {
      if (failed('water', req, res)) return;
      if (mode('water') === 'malformed')
        return send(res, 200, 'application/json', '{"type":"FeatureCollection","features":[{"type":');
      const doc = JSON.parse(fillTimes(beachwatchSites, now())) as {
        features: Array<{ geometry: unknown; properties: Record<string, unknown> }>;
      };
      if (mode('water') === 'partial') {
        // Three features broken in three ways (no point, a rating outside 1-4, no name); the rest intact.
        doc.features[0]!.geometry = null;
        doc.features[1]!.properties.latestResultRating = 7;
        delete doc.features[2]!.properties.siteName;
      }
      const name = url.searchParams.get('site_name');
      if (name) doc.features = doc.features.filter((f) => f.properties.siteName === name);
      return send(res, 200, 'application/geo+json; charset=utf-8', JSON.stringify(doc));
    }

    json(res, 404, { message: 'not found' });
  });

  // Idle keep-alive connections stay open until close(): the fake runs in the test's own process,
  // where a long synchronous step (seeding a database) can let Node's 5 s idle timeout close a
  // socket just as the client reuses it ("fetch failed" on a healthy upstream).
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url,
    env: providerUrls(url),
    setMode: (provider, mode) => {
      modes[provider] = mode;
    },
    setModes: (asked) => Object.assign(modes, asked),
    calls: (provider) => counts[provider],
    reset: () => {
      for (const p of PROVIDERS) {
        modes[p] = 'ok';
        counts[p] = 0;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// CLI: node apps/api/test/fakes/upstream-server.ts --port 8299 [--clock-offset-ms N]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(name);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const clockOffsetMs = Number(arg('--clock-offset-ms') ?? 0);
  if (!Number.isSafeInteger(clockOffsetMs)) {
    console.error(
      `--clock-offset-ms must be a whole number of milliseconds, not ${arg('--clock-offset-ms')}`,
    );
    process.exit(2);
  }
  const fake = await startUpstreamServer({
    port: Number(arg('--port') ?? 8299),
    host: arg('--host') ?? '127.0.0.1',
    clockOffsetMs,
  });
  console.log(
    `fake upstream listening on ${fake.url}, its clock at ${new Date(Date.now() + clockOffsetMs).toISOString()}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void fake.close().then(() => process.exit(0));
    });
  }
}
