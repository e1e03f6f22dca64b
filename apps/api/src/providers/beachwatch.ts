import { z } from 'zod';
import { ProviderCache, RateLimiter, type Cached, type RateWindow } from './cache.ts';
import { fetchJson, UpstreamError } from './http.ts';
import type { CacheSettings, SourceInfo, UpstreamRuntime } from './types.ts';

/**
 * Water quality at NSW swimming sites from Beachwatch's public GeoJSON feed
 * (https://api.beachwatch.nsw.gov.au/public/sites/geojson): a FeatureCollection of point features
 * whose `properties` carry `id`, `siteName`, `pollutionForecast`, `pollutionForecastTimeStamp`,
 * `latestResult` (a text rating of the most recent enterococci sample), `latestResultRating` (1–4,
 * suitability for swimming) and `latestResultObservationDate` (when that sample was taken).
 *
 * The forecast is one of Beachwatch's published values (see "About daily beach pollution
 * forecasts", environment.nsw.gov.au): "Pollution Unlikely", "Pollution Possible" (check the
 * water for signs of pollution before swimming), "Pollution Likely" (best to avoid swimming
 * today), or "Forecast not available". Anything else is kept as `unknown` with its raw text:
 * unknown is never read as clean.
 *
 * The feed is one document for the whole state (about 250 sites), so it is one cache entry. The
 * forecast is issued each morning and updated during the day when conditions change: fresh for
 * 30 minutes, served stale (marked so, with its age) up to 2 days; after a failure it is not asked
 * again for 30 s, and five failures in a row stop it for a minute.
 *
 * Parsing is strict per feature: a feature that does not fit (no id, no name, no usable point,
 * a rating outside 1–4, an unreadable time) is skipped and counted in `skipped`, never fatal;
 * a body that is not a FeatureCollection is a 'malformed' failure.
 */

export const BEACHWATCH_SOURCE: SourceInfo = {
  name: 'Beachwatch (NSW Government)',
  attribution:
    '© State of New South Wales (Department of Climate Change, Energy, the Environment and Water), CC BY 4.0',
  url: 'https://www.beachwatch.nsw.gov.au/',
};
export const BEACHWATCH_LICENCE = 'CC BY 4.0';
export const BEACHWATCH_DEFAULT_URL = 'https://api.beachwatch.nsw.gov.au/public/sites/geojson';

export const BEACHWATCH_TUNING = { ttlMs: 30 * 60_000, maxStaleMs: 48 * 3_600_000, retryAfterMs: 30_000 };
export const BEACHWATCH_LIMITS: RateWindow[] = [{ max: 60, perMs: 3_600_000 }];

export type PollutionForecast = 'unlikely' | 'possible' | 'likely' | 'not_available' | 'unknown';

const FORECASTS: Record<string, PollutionForecast> = {
  'pollution unlikely': 'unlikely',
  'pollution possible': 'possible',
  'pollution likely': 'likely',
  'forecast not available': 'not_available',
};

/** Beachwatch's forecast text as one of its published values, or `unknown` (never clean). */
export function forecastOf(text: string | null | undefined): PollutionForecast {
  if (typeof text !== 'string') return 'unknown';
  return FORECASTS[text.trim().replace(/\s+/g, ' ').toLowerCase()] ?? 'unknown';
}

export interface WaterQualitySite {
  id: string;
  siteName: string;
  latitude: number;
  longitude: number;
  forecast: PollutionForecast;
  /** The provider's own words, kept for display when `forecast` is unknown. */
  forecastText: string | null;
  /** ISO instant the forecast was issued; null when not given. */
  forecastAt: string | null;
  /** Text rating of the latest sample ("Good", "Poor", …) as published; null when none. */
  latestResult: string | null;
  /** 1–4 as published; null when none. */
  latestResultRating: number | null;
  /** ISO instant of the latest sample; null when none. */
  sampledAt: string | null;
}

export interface WaterQualityFeed {
  sites: WaterQualitySite[];
  /** Features that did not fit the format and were left out. */
  skipped: number;
}

const isoTime = z
  .string()
  .trim()
  .min(1)
  .refine((value) => Number.isFinite(Date.parse(value)), 'not a time')
  .transform((value) => new Date(value).toISOString());
const optional = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]).optional();

const FeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z
      .array(z.number())
      .min(2)
      .refine(([lon, lat]) => Math.abs(lon!) <= 180 && Math.abs(lat!) <= 90, 'coordinates out of range'),
  }),
  properties: z.object({
    id: z.union([z.string().trim().min(1).max(100), z.number().int()]).transform(String),
    siteName: z.string().trim().min(1).max(200),
    pollutionForecast: optional(z.string().max(200)),
    pollutionForecastTimeStamp: optional(isoTime),
    latestResult: optional(z.string().trim().max(100)),
    latestResultRating: optional(z.number().int().min(1).max(4)),
    latestResultObservationDate: optional(isoTime),
  }),
});

const CollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.unknown()),
});

/** Validates the GeoJSON feed; throws UpstreamError('malformed') when it is not a FeatureCollection. */
export function parseBeachwatchGeojson(body: unknown): WaterQualityFeed {
  const collection = CollectionSchema.safeParse(body);
  if (!collection.success)
    throw new UpstreamError('malformed', 'Beachwatch answered something other than a FeatureCollection');
  const sites: WaterQualitySite[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const raw of collection.data.features) {
    const feature = FeatureSchema.safeParse(raw);
    if (!feature.success || seen.has(feature.data.properties.id)) {
      skipped += 1;
      continue;
    }
    const { properties: p, geometry } = feature.data;
    seen.add(p.id);
    const forecastText = p.pollutionForecast?.trim() || null;
    sites.push({
      id: p.id,
      siteName: p.siteName,
      longitude: geometry.coordinates[0]!,
      latitude: geometry.coordinates[1]!,
      forecast: forecastOf(forecastText),
      forecastText,
      forecastAt: p.pollutionForecastTimeStamp ?? null,
      latestResult: p.latestResult || null,
      latestResultRating: p.latestResultRating ?? null,
      sampledAt: p.latestResultObservationDate ?? null,
    });
  }
  return { sites, skipped };
}

export interface WaterQualityProvider {
  readonly source: SourceInfo;
  readonly cache: ProviderCache<WaterQualityFeed>;
  /** Cached or fetched (within the cache's rules); null when there is nothing to serve. */
  get(): Promise<Cached<WaterQualityFeed> | null>;
  /** Cache only: never calls upstream. */
  peek(): Cached<WaterQualityFeed> | null;
}

export function createBeachwatchProvider(options: {
  url: string;
  runtime: UpstreamRuntime;
  cache?: Partial<CacheSettings>;
  now?: () => number;
  onFailure?: (key: string, error: unknown) => void;
}): WaterQualityProvider {
  const cache = new ProviderCache<WaterQualityFeed>({
    ...BEACHWATCH_TUNING,
    maxEntries: 4,
    limiter: new RateLimiter(BEACHWATCH_LIMITS, options.now),
    ...options.cache,
    now: options.now,
    onFailure: options.onFailure,
  });
  const load = async () =>
    parseBeachwatchGeojson(
      await fetchJson(options.url, {
        timeoutMs: options.runtime.timeoutMs,
        headers: {
          'user-agent': options.runtime.userAgent,
          accept: 'application/geo+json, application/json',
        },
      }),
    );
  return {
    source: BEACHWATCH_SOURCE,
    cache,
    get: () => cache.get('nsw', load),
    peek: () => cache.peek('nsw'),
  };
}
