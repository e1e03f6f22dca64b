export {
  CACHE_POLICIES,
  addVary,
  registerCacheDefaults,
  createReadModel,
  rawBody,
  SAFETY_CACHE_CONTROL,
  SAFETY_CDN_CACHE_CONTROL,
  type CachePolicy,
  type CachedResponseOptions,
  type RawBodyLimits,
  type ReadModel,
} from './cache.ts';
export { VERSION_CHECK_INTERVAL_MS } from './version.ts';
export { versionedBuild, type VersionedBuild, type VersionSource } from './versioned.ts';
