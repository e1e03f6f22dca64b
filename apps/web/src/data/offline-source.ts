import * as z from 'zod/mini';
import {
  AUTOCOMPLETE_LIMITS,
  DEFAULT_COORDINATE,
  FacilitySchema,
  OFFLINE_AUTOCOMPLETE_BEACH_LIMIT,
  OFFLINE_NEARBY_LIMIT,
  STATE_DEFAULT_COORDINATES,
  closestBeachesOffline,
  closestPostcodesOffline,
  groupBeachesByPostcode,
  nearestByRoughDistance,
  normalizeSearchText,
  parseOfflinePlaceUrl,
  rankMatches,
  stateRedirect,
  type Article,
  type AutocompleteResponse,
  type Beach,
  type BeachDetailResponse,
  type BeachSummary,
  type LatLng,
  type ListBeach,
  type LocationResponse,
  type Measured,
  type Place,
  type PostcodeGroup,
  type PostcodeMember,
  type SearchResult,
  type SyncBeach,
  type RipOutlook,
  RipOutlookSchema,
  type WaterQuality,
  WaterQualitySchema,
} from '@safeshore/domain';
import { ApiError } from './api.ts';
import type { LocationLookup } from './location.ts';
import {
  onOfflineDataChange,
  openOfflineDb,
  ripOutlookAssetName,
  waterQualityAssetName,
  type BeachIndexRecord,
  type MediaRecord,
  type OfflineDatabase,
} from './offline-db.ts';
import type { BeachDataSource, BeachRef, LocationQuery } from './source.ts';

/**
 * The offline data source (spec sections 4 and 7): every read the screens make, answered from the
 * local database with the rules of packages/domain. Facts the local database does not hold
 * (patrols today, weather, warnings, attendance, announcements) are null or empty, never guessed.
 */

/** What the in-memory index keeps of a beach: enough for lists, search and places. */
export interface IndexedBeach extends PostcodeMember {
  key: string;
  url: string;
  image: string | null;
  area_url: string;
  length: number | null;
  hazard: number | null;
  patrol: number | null;
  status: ListBeach['status'];
  /** The live status's reason and times (issue 17): the display hides an expired one. */
  status_reason?: ListBeach['status_reason'];
  status_set_at?: ListBeach['status_set_at'];
  status_expires_at?: ListBeach['status_expires_at'];
  covid_status: ListBeach['covid_status'];
  has_toilet: ListBeach['has_toilet'];
  has_parking: ListBeach['has_parking'];
  has_dogs_allowed: ListBeach['has_dogs_allowed'];
  has_dogs_allowed_on_leash: ListBeach['has_dogs_allowed_on_leash'];
  is_sample: boolean;
  search_name: string;
  /** Patrolled beaches first among equal matches, as online. */
  boost: number;
}

interface SearchEntry {
  title: string;
  search_name: string;
  /** A postcode query finds the entry by it (rankMatches), as online. */
  postcode: string | null;
  boost: number;
  result: SearchResult;
}

export interface OfflineIndex {
  beaches: IndexedBeach[];
  byId: Map<number, IndexedBeach>;
  byUrl: Map<string, IndexedBeach>;
  groups: PostcodeGroup<IndexedBeach>[];
  byPostcode: Map<string, PostcodeGroup<IndexedBeach>>;
  locations: SearchEntry[];
  clubs: SearchEntry[];
  articles: SearchEntry[];
}

function indexBeach(beach: BeachIndexRecord): IndexedBeach {
  return {
    id: beach.id,
    key: beach.key,
    title: beach.title,
    url: beach.url.toLowerCase(),
    image: beach.image,
    city: beach.city,
    state: beach.state,
    area: beach.area,
    postcode: beach.postcode,
    postcode_url: beach.postcode_url,
    area_url: beach.area_url,
    timezone: beach.timezone,
    latitude: beach.latitude,
    longitude: beach.longitude,
    length: beach.length,
    hazard: beach.hazard,
    patrol: beach.patrol,
    status: beach.status,
    status_reason: beach.status_reason ?? null,
    status_set_at: beach.status_set_at ?? null,
    status_expires_at: beach.status_expires_at ?? null,
    covid_status: beach.covid_status,
    has_toilet: beach.has_toilet,
    has_parking: beach.has_parking,
    has_dogs_allowed: beach.has_dogs_allowed,
    has_dogs_allowed_on_leash: beach.has_dogs_allowed_on_leash,
    is_sample: beach.is_sample,
    search_name: normalizeSearchText(beach.title),
    boost: (beach.patrol ?? 0) > 0 ? 1 : 0,
  };
}

/** Locations offline are the cities of local beaches, one per city and postcode. */
function locationEntries(beaches: BeachIndexRecord[]): SearchEntry[] {
  const byPlace = new Map<string, { beach: BeachIndexRecord; count: number }>();
  for (const beach of beaches) {
    const key = `${beach.state}|${beach.postcode}|${beach.city}`;
    const entry = byPlace.get(key);
    if (entry) entry.count += 1;
    else byPlace.set(key, { beach, count: 1 });
  }
  return [...byPlace.values()]
    .sort((a, b) => (a.beach.postcode_url < b.beach.postcode_url ? -1 : 1))
    .map(({ beach, count }, index) => ({
      title: beach.city,
      search_name: normalizeSearchText(beach.city),
      postcode: beach.postcode,
      boost: count,
      result: {
        id: index + 1,
        title: beach.city,
        city: beach.city,
        state: beach.state,
        distance: null,
        url: beach.postcode_url,
        postcode: beach.postcode,
      },
    }));
}

/** Surf clubs of local beaches; a club leads to its (first) beach, as online. */
function clubEntries(beaches: BeachIndexRecord[]): SearchEntry[] {
  const byId = new Map<number, SearchEntry>();
  for (const beach of beaches) {
    for (const club of beach.clubs) {
      if (byId.has(club.id)) continue;
      byId.set(club.id, {
        title: club.title,
        search_name: normalizeSearchText(club.title),
        postcode: beach.postcode,
        boost: 0,
        result: {
          id: club.id,
          title: club.title,
          city: beach.city,
          state: beach.state,
          distance: null,
          url: beach.url,
          postcode: beach.postcode,
        },
      });
    }
  }
  return [...byId.values()];
}

/**
 * The index is kept until the local data changes: a sync page, the articles or a deletion, in this
 * tab or another (onOfflineDataChange hears both), drops it. Queries do not ask IndexedDB whether
 * the data changed: that read cost every keystroke a few milliseconds.
 */
let cached: Promise<OfflineIndex> | null = null;
onOfflineDataChange(() => {
  cached = null;
  revokeMediaUrls();
});

async function buildIndex(db: OfflineDatabase): Promise<OfflineIndex> {
  // The compact rows, not the full beaches: their descriptions alone are most of the data.
  const [records, articles] = await Promise.all([db.beach_index.toArray(), db.articles.toArray()]);
  const beaches = records.map(indexBeach);
  const groups = groupBeachesByPostcode(beaches);
  return {
    beaches,
    byId: new Map(beaches.map((beach) => [beach.id, beach])),
    byUrl: new Map(beaches.map((beach) => [beach.url, beach])),
    groups,
    byPostcode: new Map(groups.map((group) => [group.postcode, group])),
    locations: locationEntries(records),
    clubs: clubEntries(records),
    articles: articles.map((article, index) => ({
      title: article.title,
      search_name: normalizeSearchText(article.title),
      postcode: null,
      boost: 0,
      result: {
        id: index + 1,
        title: article.title,
        city: null,
        state: '',
        distance: null,
        url: article.slug,
        postcode: null,
      },
    })),
  };
}

/**
 * The in-memory index of the local beaches, built once per change of the local data (about 12
 * thousand beaches: reading them per keystroke would be far too slow).
 */
export function getOfflineIndex(): Promise<OfflineIndex> {
  if (cached) return cached;
  const index = openOfflineDb().then(buildIndex);
  cached = index;
  index.catch(() => {
    if (cached === index) cached = null;
  });
  return index;
}

const metres = (distance: number) => Math.round(distance);

function summary(beach: IndexedBeach, distance: number | null): BeachSummary {
  return {
    id: beach.id,
    key: beach.key,
    title: beach.title,
    url: beach.url,
    image: beach.image,
    city: beach.city,
    state: beach.state,
    area: beach.area,
    postcode: beach.postcode,
    latitude: beach.latitude,
    longitude: beach.longitude,
    length: beach.length,
    hazard: beach.hazard,
    patrol: beach.patrol,
    distance: distance === null ? null : metres(distance),
  };
}

function listBeach({ item, distance }: Measured<IndexedBeach>): ListBeach {
  return {
    ...summary(item, distance),
    timezone: item.timezone,
    status: item.status,
    status_reason: item.status_reason ?? null,
    status_set_at: item.status_set_at ?? null,
    status_expires_at: item.status_expires_at ?? null,
    covid_status: item.covid_status,
    // Patrol rosters are not in the offline database: unknown, not "not patrolled".
    is_patrolled_today: null,
    has_toilet: item.has_toilet,
    has_parking: item.has_parking,
    has_dogs_allowed: item.has_dogs_allowed,
    has_dogs_allowed_on_leash: item.has_dogs_allowed_on_leash,
    is_sample: item.is_sample,
  };
}

function searchResults(entries: SearchEntry[], query: string, limit: number): SearchResult[] {
  return rankMatches(entries, query, null, limit).map(({ item }) => item.result);
}

export async function offlineAutocomplete(query: string): Promise<AutocompleteResponse> {
  const index = await getOfflineIndex();
  const q = query.trim();
  return {
    beaches: rankMatches(index.beaches, q, null, OFFLINE_AUTOCOMPLETE_BEACH_LIMIT).map(({ item }) => ({
      id: item.id,
      title: item.title,
      city: item.city,
      state: item.state,
      distance: null,
      url: item.url,
      postcode: item.postcode,
    })),
    locations: searchResults(index.locations, q, AUTOCOMPLETE_LIMITS.locations),
    clubs: searchResults(index.clubs, q, AUTOCOMPLETE_LIMITS.clubs),
    articles: searchResults(index.articles, q, AUTOCOMPLETE_LIMITS.articles),
  };
}

function placeOf(group: PostcodeGroup<IndexedBeach>): Place {
  return {
    // Places have no id offline; the postcode number identifies the group.
    id: Number(group.postcode),
    title: group.title,
    postcode: group.postcode,
    state: group.state,
    region3: group.area || null,
    latitude: group.latitude,
    longitude: group.longitude,
    url: group.url,
    timezone: group.timezone,
    beaches_count: group.beaches.length,
    current_observations: null,
    current_point_place_forecasts: null,
    todays_marine_warnings: [],
  };
}

function respond(
  index: OfflineIndex,
  group: PostcodeGroup<IndexedBeach>,
  origin: LatLng,
  beaches: IndexedBeach[],
  resolvedBy: LocationResponse['resolved_by'],
): LocationLookup {
  const { patrolled, closest } = closestBeachesOffline(origin, beaches);
  return {
    found: true,
    data: {
      place: placeOf(group),
      patrolledBeaches: patrolled.map(listBeach),
      closestBeaches: closest.map(listBeach),
      closestPostcodes: closestPostcodesOffline(origin, index.groups, group.postcode).map(({ item }) => ({
        postcode: item.postcode,
        title: item.title,
        state: item.state,
        longitude: item.longitude,
        latitude: item.latitude,
        beaches_count: item.beaches.length,
        url: item.url,
      })),
      // Announcements come from the server only.
      announcements: [],
      show_algal_bloom_warning: group.state === 'SA',
      resolved_by: resolvedBy,
      dataSourceWasOnline: false,
    },
  };
}

const NOT_FOUND = 'Location not found.';

/** Place = the postcode of the beach nearest to the point; lists from the point itself. */
function nearPoint(
  index: OfflineIndex,
  origin: LatLng,
  resolvedBy: LocationResponse['resolved_by'],
): LocationLookup {
  const nearest = nearestByRoughDistance(origin, index.beaches, 1)[0];
  const group = nearest && index.byPostcode.get(nearest.item.postcode);
  if (!group) return { found: false, message: NOT_FOUND, state: null };
  return respond(index, group, origin, index.beaches, resolvedBy);
}

/** The postcode group most of these beaches belong to, restricted to those beaches. */
function largestGroup(beaches: IndexedBeach[]): PostcodeGroup<IndexedBeach> | undefined {
  return groupBeachesByPostcode(beaches).sort((a, b) => b.beaches.length - a.beaches.length)[0];
}

export async function offlineLocation(query: LocationQuery): Promise<LocationLookup> {
  const index = await getOfflineIndex();
  if (query === null) return nearPoint(index, DEFAULT_COORDINATE, 'default');
  if ('latitude' in query) return nearPoint(index, query, 'coordinates');

  const target = parseOfflinePlaceUrl(query.url);
  switch (target.kind) {
    case 'none':
      return { found: false, message: NOT_FOUND, state: null };
    case 'postcode': {
      // Offline-Location: that postcode's beaches.
      const group = index.byPostcode.get(target.postcode);
      if (!group) return { found: false, message: NOT_FOUND, state: null };
      return respond(index, group, group, group.beaches, 'url');
    }
    case 'state':
      return nearPoint(index, STATE_DEFAULT_COORDINATES[target.prefix]!, 'url');
    case 'area':
    case 'place': {
      const url =
        target.kind === 'area'
          ? `/${target.prefix}/${target.area}`
          : `/${target.prefix}/${target.area}/${target.location}`;
      const matching = index.beaches.filter((beach) =>
        target.kind === 'area' ? beach.area_url === url : beach.postcode_url === url,
      );
      const group = largestGroup(matching);
      if (group) {
        const place = { ...group, url: target.kind === 'place' ? url : group.url };
        return respond(index, place, place, index.beaches, 'url');
      }
      // The state's default page ("/nsw/sydney/sydney") always answers, from its coordinate.
      if (stateRedirect(`/${target.prefix}`) === url) {
        return nearPoint(index, STATE_DEFAULT_COORDINATES[target.prefix]!, 'url');
      }
      return { found: false, message: NOT_FOUND, state: target.prefix };
    }
  }
}

const DescriptionSchema = z.record(z.string(), z.string());
const FacilitiesSchema = z.array(FacilitySchema);

/** Description and facilities arrive as JSON text; text that does not parse shows as none. */
function parseJsonField<T>(text: string, schema: z.ZodMiniType<T>, fallback: T): T {
  try {
    const parsed = z.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const BEACH_NOT_FOUND = 'Beach not found.';

/**
 * The last known water quality of a beach viewed online, if any: always marked stale offline, its
 * age counted from when the server fetched it. Anything unreadable is dropped (no information).
 */
function lastKnownWaterQuality(stored: string | null, now: Date): WaterQuality | null {
  if (!stored) return null;
  try {
    const parsed = WaterQualitySchema.safeParse(JSON.parse(stored));
    if (!parsed.success) return null;
    const fetchedAt = Date.parse(parsed.data.source.fetched_at);
    const age = Number.isNaN(fetchedAt)
      ? parsed.data.age_seconds
      : Math.round((now.getTime() - fetchedAt) / 1000);
    return { ...parsed.data, stale: true, age_seconds: Math.max(0, age) };
  } catch {
    return null;
  }
}

function beachFrom(record: SyncBeach, entry: IndexedBeach, waterQuality: WaterQuality | null): Beach {
  return {
    ...summary(entry, null),
    image: record.image,
    postcode_url: record.postcode_url,
    area_url: record.area_url,
    state_url: record.state_url,
    timezone: record.timezone,
    description: parseJsonField(record.description, DescriptionSchema, {}),
    covid_status: record.covid_status,
    status: record.status,
    status_reason: record.status_reason ?? null,
    status_set_at: record.status_set_at ?? null,
    status_expires_at: record.status_expires_at ?? null,
    // Not in the offline database: unknown, never a guess.
    is_patrolled_today: null,
    clubs: record.clubs,
    facilities: parseJsonField(record.facilities, FacilitiesSchema, []),
    attendances: {},
    attendance_is_sample: false,
    has_bbq_picnic: record.has_bbq_picnic,
    has_parking: record.has_parking,
    has_public_transport: record.has_public_transport,
    has_toilet: record.has_toilet,
    has_dogs_allowed: record.has_dogs_allowed,
    has_dogs_allowed_on_leash: record.has_dogs_allowed_on_leash,
    weather: null,
    currentTide: null,
    currentUV: null,
    todays_marine_warnings: [],
    water_quality: waterQuality,
    show_algal_bloom_widget: false,
    algal_bloom: null,
    is_sample: record.is_sample,
    source: {
      name: record.data_source,
      licence: record.data_licence,
      coordinate_source: null,
      coordinate_precision_m: null,
      contributors: [],
    },
    rendered_at: new Date().toISOString(),
  };
}

/** The url a beach path names ("NSW/waverley/bondi/bondi-beach" -> "/nsw/waverley/bondi/bondi-beach"). */
function beachUrlOf(path: string): string {
  return `/${path.split('/').filter(Boolean).join('/').toLowerCase()}`;
}

export async function offlineBeach(ref: BeachRef): Promise<BeachDetailResponse> {
  const index = await getOfflineIndex();
  const entry = 'id' in ref ? index.byId.get(ref.id) : index.byUrl.get(beachUrlOf(ref.path));
  const db = await openOfflineDb();
  const record = entry && (await db.beaches.get(entry.key));
  // The same answer the API gives for an unknown beach.
  if (!entry || !record) throw new ApiError(404, BEACH_NOT_FOUND, null, { message: BEACH_NOT_FOUND });
  const others = (beach: IndexedBeach) => beach.id !== entry.id;
  const nearBy = nearestByRoughDistance(entry, index.beaches, OFFLINE_NEARBY_LIMIT, others);
  const related = nearestByRoughDistance(
    entry,
    index.beaches,
    OFFLINE_NEARBY_LIMIT,
    (beach) => others(beach) && beach.area_url === entry.area_url,
  );
  return {
    beach: beachFrom(
      record,
      entry,
      lastKnownWaterQuality(
        (await db.assets.where('name').equals(waterQualityAssetName(entry.key)).first())?.content ?? null,
        new Date(),
      ),
    ),
    nearBy: nearBy.map(({ item, distance }) => summary(item, distance)),
    relatedBeaches: related.map(({ item, distance }) => summary(item, distance)),
    // Photos live on the server; the beach's own image url stays on `beach.image`.
    images: [],
    todayPosts: [],
  };
}

/**
 * The last rip outlook fetched for a beach on this device (issue 29), or null when none was kept.
 * As the server sent it: its age is counted from `computed_at` where it is shown. Anything
 * unreadable is none (no information), never a guess.
 */
export async function offlineRipOutlook(beachKey: string): Promise<RipOutlook | null> {
  const db = await openOfflineDb();
  const stored = (await db.assets.where('name').equals(ripOutlookAssetName(beachKey)).first())?.content;
  if (!stored) return null;
  try {
    const parsed = RipOutlookSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Object URLs of stored media, made once per media item and released when the data changes. */
const mediaUrls = new Map<string, string>();

function revokeMediaUrls(): void {
  for (const url of mediaUrls.values()) {
    if (url.startsWith('blob:')) URL.revokeObjectURL(url);
  }
  mediaUrls.clear();
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read stored media'));
    reader.readAsDataURL(blob);
  });
}

async function localMediaUrl(record: MediaRecord): Promise<string> {
  const cacheKey = `${record.slug}/${record.id}/${record.url}`;
  const known = mediaUrls.get(cacheKey);
  if (known) return known;
  const blob = record.content.type ? record.content : new Blob([record.content], { type: record.mime });
  // Object URLs where the browser has them (the CSP allows blob: images), data URLs otherwise.
  const url =
    typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : await blobToDataUrl(blob);
  mediaUrls.set(cacheKey, url);
  return url;
}

const ARTICLE_NOT_FOUND_MESSAGE = 'Page not found...';

export async function offlineArticle(slug: string): Promise<Article> {
  const db = await openOfflineDb();
  const article = await db.articles.get(slug);
  if (!article) {
    throw new ApiError(404, ARTICLE_NOT_FOUND_MESSAGE, null, { message: ARTICLE_NOT_FOUND_MESSAGE });
  }
  const stored = new Map(
    (await db.media.where('slug').equals(slug).toArray()).map((record) => [record.id, record]),
  );
  let body = article.body;
  const media: Article['media'] = [];
  for (const item of article.media) {
    const record = stored.get(item.id);
    if (!record) {
      media.push(item);
      continue;
    }
    const local = await localMediaUrl(record);
    // The download link first: it is the media url plus a query string.
    body = body.split(`"${item.download}"`).join(`"${local}"`).split(`"${item.url}"`).join(`"${local}"`);
    media.push({ ...item, url: local, download: local });
  }
  return { ...article, body, media };
}

/** The offline implementation of the screens' data source. */
export const localSource: BeachDataSource = {
  mode: 'offline',
  beach: (ref) => offlineBeach(ref),
  autocomplete: (query) => offlineAutocomplete(query),
  location: (query) => offlineLocation(query),
  article: (slug) => offlineArticle(slug),
};
