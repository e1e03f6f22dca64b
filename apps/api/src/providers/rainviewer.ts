import { ProviderCache, type Cached } from './cache.ts';
import { fetchJson, UpstreamError } from './http.ts';
import type { CacheSettings, SourceInfo, UpstreamRuntime } from './types.ts';

/**
 * Rain radar frames from RainViewer's public weather-maps.json
 * (https://www.rainviewer.com/api/weather-maps-api.html): `host` plus `radar.past[]` frames of
 * `{time, path}`, from which tiles are `{host}{path}/{size}/{z}/{x}/{y}/{color}/{smooth}_{snow}.png`.
 * The document is global (the same frames for every place), so the whole country is one cache
 * entry. RainViewer's free tiles now stop at zoom 7.
 */
export interface RadarFrame {
  /** Unix seconds the frame shows. */
  time: number;
  path: string;
}

export interface RadarFrames {
  host: string;
  frames: RadarFrame[];
}

export interface RadarProvider {
  readonly source: SourceInfo;
  readonly cache: ProviderCache<RadarFrames>;
  get(): Promise<Cached<RadarFrames> | null>;
  peek(): Cached<RadarFrames> | null;
}

export const RAINVIEWER_SOURCE: SourceInfo = {
  name: 'RainViewer',
  attribution: 'Radar imagery by RainViewer (rainviewer.com), used under its API terms',
  url: 'https://www.rainviewer.com/',
};

export const RAINVIEWER_MAX_ZOOM = 7;
/** 256 px tiles, colour scheme 2 ("Universal Blue"), smoothed, snow shown. */
const TILE_SUFFIX = '/256/{z}/{x}/{y}/2/1_1.png';

/** The Leaflet tile URL template of one frame. */
export function radarTileTemplate(host: string, frame: RadarFrame): string {
  return `${host}${frame.path}${TILE_SUFFIX}`;
}

const PATH = /^\/[A-Za-z0-9/_.-]+$/;

/** Validates weather-maps.json. Frames without a usable time or path are dropped (partial data). */
export function parseWeatherMaps(body: unknown): RadarFrames {
  const doc = body as { host?: unknown; radar?: { past?: unknown } } | null;
  if (typeof doc !== 'object' || doc === null)
    throw new UpstreamError('malformed', 'weather-maps.json is not an object');
  const host = typeof doc.host === 'string' ? doc.host.replace(/\/+$/, '') : '';
  if (!/^https?:\/\/[^\s/?#"'<>\\]+(\/[A-Za-z0-9/_.-]*)?$/.test(host) || host.includes('..')) {
    throw new UpstreamError('malformed', 'weather-maps.json has no usable host');
  }
  const past = doc.radar?.past;
  if (!Array.isArray(past)) throw new UpstreamError('malformed', 'weather-maps.json has no radar frames');
  const frames: RadarFrame[] = [];
  for (const item of past as unknown[]) {
    const frame = item as { time?: unknown; path?: unknown } | null;
    if (
      frame &&
      typeof frame.time === 'number' &&
      Number.isInteger(frame.time) &&
      typeof frame.path === 'string' &&
      PATH.test(frame.path) &&
      !frame.path.includes('..')
    ) {
      frames.push({ time: frame.time, path: frame.path });
    }
  }
  frames.sort((a, b) => a.time - b.time);
  return { host, frames };
}

export function createRainViewerProvider(options: {
  url: string;
  runtime: UpstreamRuntime;
  cache: CacheSettings;
  now?: () => number;
  onFailure?: (key: string, error: unknown) => void;
}): RadarProvider {
  const cache = new ProviderCache<RadarFrames>({
    ...options.cache,
    now: options.now,
    onFailure: options.onFailure,
  });
  const load = async () =>
    parseWeatherMaps(
      await fetchJson(options.url, {
        timeoutMs: options.runtime.timeoutMs,
        headers: { 'user-agent': options.runtime.userAgent },
      }),
    );
  return {
    source: RAINVIEWER_SOURCE,
    cache,
    get: () => cache.get('world', load),
    peek: () => cache.peek('world'),
  };
}
