import type { Cached, ProviderCache, ProviderCacheOptions } from './cache.ts';

/** What every figure's provenance says about its provider (DataSource in the contract). */
export interface SourceInfo {
  name: string;
  attribution: string;
  url: string | null;
}

/** How a provider reaches its upstream. */
export interface UpstreamRuntime {
  timeoutMs: number;
  /** Sent as User-Agent: who we are, so operators can reach us. */
  userAgent: string;
}

export type CacheSettings = Omit<ProviderCacheOptions, 'now' | 'onFailure'>;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A provider whose answers are cached per grid cell around a point. */
export interface PointProvider<T> {
  readonly source: SourceInfo;
  /** Grid cell size in degrees (nearby beaches in one cell share an answer). */
  readonly cellDegrees: number;
  readonly cache: ProviderCache<T>;
  /** Cached or fetched (within the cache's rules); null when there is nothing to serve. */
  get(point: LatLng): Promise<Cached<T> | null>;
  /** Cache only: never calls upstream. */
  peek(point: LatLng): Cached<T> | null;
}
