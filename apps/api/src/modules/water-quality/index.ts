import type { WaterQuality } from '@safeshore/domain';
import type { Config } from '../../config.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import {
  BEACHWATCH_LICENCE,
  BEACHWATCH_SOURCE,
  createBeachwatchProvider,
  type WaterQualityFeed,
  type WaterQualityProvider,
} from '../../providers/beachwatch.ts';
import type { Cached } from '../../providers/cache.ts';
import { matchSites, type MatchResult, type OperatorMapping } from './matching.ts';

export type WaterQualityConfig = Pick<
  Config,
  'WEATHER_PROVIDERS' | 'BEACHWATCH_URL' | 'WEATHER_TIMEOUT_MS' | 'PUBLIC_URL'
>;

/** Beachwatch covers New South Wales only. */
export const WATER_QUALITY_STATES: ReadonlySet<string> = new Set(['NSW']);
/** How long a beach detail waits for a first answer before serving without it (the fetch goes on). */
export const FIRST_ANSWER_DEADLINE_MS = 800;

/** The operator's mapping as stored (migration 0013). */
export async function loadOperatorMapping(db: Database): Promise<OperatorMapping> {
  const rows = await db.selectFrom('water_quality_site_mappings').select(['site_id', 'beach_key']).execute();
  const mapping = new Map<string, string[] | 'none'>();
  for (const row of rows) {
    if (row.beach_key === null) mapping.set(row.site_id, 'none');
    else {
      const keys = mapping.get(row.site_id);
      mapping.set(row.site_id, [...(keys && keys !== 'none' ? keys : []), row.beach_key]);
    }
  }
  return mapping;
}

/** The positions and names of the beaches Beachwatch can cover. */
export async function matchableBeaches(db: Database) {
  return db
    .selectFrom('beaches')
    .select(['key', 'title', 'latitude', 'longitude'])
    .where('state', 'in', [...WATER_QUALITY_STATES])
    .execute();
}

export interface WaterQualityBeach {
  key: string;
  state: string;
}

export interface WaterQualityService {
  readonly provider: WaterQualityProvider | null;
  /** The beach's group, from what the cache has (waiting at most a short deadline for a first answer). */
  forBeach(beach: WaterQualityBeach): Promise<WaterQuality | null>;
  /** Cache only (never waits on the upstream): for lists of beaches (place pages). */
  cachedForBeaches(beaches: readonly WaterQualityBeach[]): Map<string, WaterQuality>;
  /** The current match (recomputed when the feed or the mapping changes). */
  currentMatch(): Promise<MatchResult | null>;
}

export function providerFromConfig(
  config: Partial<WaterQualityConfig>,
  now: () => number,
  onFailure?: (key: string, error: unknown) => void,
) {
  const defaults = loadConfig({});
  // As for the weather providers: a caller that passes no WEATHER_PROVIDERS (tests with a partial
  // config) makes no outbound calls; only the parsed environment (default `on`) does.
  if ((config.WEATHER_PROVIDERS ?? 'off') !== 'on') return null;
  return createBeachwatchProvider({
    url: config.BEACHWATCH_URL ?? defaults.BEACHWATCH_URL,
    runtime: {
      timeoutMs: config.WEATHER_TIMEOUT_MS ?? defaults.WEATHER_TIMEOUT_MS,
      userAgent: `SafeShore/1.0 (+${config.PUBLIC_URL ?? defaults.PUBLIC_URL})`,
    },
    now,
    onFailure,
  });
}

/**
 * When matching runs: on the first request after a feed answer with a new `fetchedAt` (at most
 * once per refresh, every 30 minutes), reading the operator mapping from the database then; so an
 * imported mapping takes effect at the next feed refresh, or at once when the importer's process
 * is the server's (`refreshMapping`). Between refreshes every beach reads the cached match.
 */
export function createWaterQualityService(options: {
  db: Database;
  provider: WaterQualityProvider | null;
}): WaterQualityService & { refreshMapping(): void } {
  const { db, provider } = options;
  let matched: { fetchedAt: number; result: MatchResult } | null = null;
  let pending: Promise<MatchResult> | null = null;

  const matchFor = async (feed: Cached<WaterQualityFeed>): Promise<MatchResult> => {
    if (matched?.fetchedAt === feed.fetchedAt) return matched.result;
    if (pending) return pending;
    pending = (async () => {
      const [beaches, mapping] = await Promise.all([matchableBeaches(db), loadOperatorMapping(db)]);
      const result = matchSites(feed.value.sites, beaches, mapping);
      matched = { fetchedAt: feed.fetchedAt, result };
      return result;
    })().finally(() => {
      pending = null;
    });
    return pending;
  };

  const present = (feed: Cached<WaterQualityFeed>, result: MatchResult, key: string): WaterQuality | null => {
    const match = result.byBeach.get(key);
    const site = match && feed.value.sites.find((s) => s.id === match.siteId);
    if (!match || !site) return null;
    return {
      forecast: site.forecast,
      forecast_text: site.forecastText,
      forecast_at: site.forecastAt,
      latest_result: site.latestResult,
      latest_result_rating: site.latestResultRating,
      sampled_at: site.sampledAt,
      site: { id: site.id, name: site.siteName, distance_m: match.distanceM },
      source: {
        name: BEACHWATCH_SOURCE.name,
        url: BEACHWATCH_SOURCE.url ?? '',
        licence: BEACHWATCH_LICENCE,
        attribution: BEACHWATCH_SOURCE.attribution,
        fetched_at: new Date(feed.fetchedAt).toISOString(),
      },
      stale: feed.stale,
      age_seconds: feed.ageSeconds,
    };
  };

  /** What the cache has; starts a refresh when it has nothing fresh, waiting only briefly. */
  const feedNow = async (): Promise<Cached<WaterQualityFeed> | null> => {
    if (!provider) return null;
    const cached = provider.peek();
    if (cached && !cached.stale) return cached;
    const fetching = provider.get();
    if (cached) {
      void fetching.catch(() => undefined);
      return cached;
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), FIRST_ANSWER_DEADLINE_MS);
    });
    try {
      return await Promise.race([fetching, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    provider,
    refreshMapping() {
      matched = null;
    },
    async currentMatch() {
      const feed = await feedNow();
      return feed ? matchFor(feed) : null;
    },
    async forBeach(beach) {
      if (!provider || !WATER_QUALITY_STATES.has(beach.state)) return null;
      const feed = await feedNow();
      if (!feed) return null;
      return present(feed, await matchFor(feed), beach.key);
    },
    cachedForBeaches(beaches) {
      const found = new Map<string, WaterQuality>();
      const feed = provider?.peek();
      if (!feed || matched?.fetchedAt !== feed.fetchedAt) {
        // Nothing matched for this answer yet: start the work, list nothing this time.
        if (provider && beaches.some((b) => WATER_QUALITY_STATES.has(b.state)))
          void feedNow()
            .then((f) => (f ? matchFor(f) : null))
            .catch(() => undefined);
        return found;
      }
      for (const beach of beaches) {
        const group = present(feed, matched.result, beach.key);
        if (group) found.set(beach.key, group);
      }
      return found;
    },
  };
}
