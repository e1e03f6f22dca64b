import type { Database } from '../../db/schema.ts';
import { rankFetched, type Nearby } from './nearest.ts';

/** A latitude/longitude box; queries use the indexed latitude column first. */
export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** The beach columns a list beach needs (no description or facilities: lists stay small). */
const LIST_BEACH_COLUMNS = [
  'id',
  'key',
  'slug',
  'title',
  'state',
  'area',
  'area_slug',
  'city',
  'city_slug',
  'postcode',
  'latitude',
  'longitude',
  'length_m',
  'hazard',
  'patrol',
  'timezone',
  'status',
  'status_reason',
  'status_message',
  'status_set_at',
  'status_expires_at',
  'status_set_by',
  'covid_status',
  'has_toilet',
  'has_parking',
  'has_dogs_allowed',
  'has_dogs_allowed_on_leash',
  'is_sample',
] as const;

export const LOCALITY_COLUMNS = [
  'id',
  'postcode',
  'title',
  'slug',
  'state',
  'area_slug',
  'latitude',
  'longitude',
  'beaches_count',
] as const;

export function createLocationRepository(db: Database) {
  const beachesIn = (box: Box) =>
    db
      .selectFrom('beaches')
      .where('latitude', '>=', box.south)
      .where('latitude', '<=', box.north)
      .where('longitude', '>=', box.west)
      .where('longitude', '<=', box.east);

  const localitiesIn = (box: Box | null) => {
    let query = db.selectFrom('localities').select(LOCALITY_COLUMNS);
    if (box) {
      query = query
        .where('latitude', '>=', box.south)
        .where('latitude', '<=', box.north)
        .where('longitude', '>=', box.west)
        .where('longitude', '<=', box.east);
    }
    return query;
  };

  const repository = {
    /**
     * Position and patrol of every beach inside `box` (null: everywhere): nearest searches rank
     * these, then load only the rows they keep.
     */
    beachPointsInBox(box: Box | null) {
      const query = box ? beachesIn(box) : db.selectFrom('beaches');
      return query.select(['id', 'latitude', 'longitude', 'patrol']).execute();
    },

    /** List beaches by id, each with its first image (by sort, then id) or null. */
    beachesByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('beaches')
        .select(LIST_BEACH_COLUMNS)
        .select((eb) =>
          eb
            .selectFrom('beach_images')
            .select('beach_images.url')
            .whereRef('beach_images.beach_id', '=', 'beaches.id')
            .orderBy('beach_images.sort')
            .orderBy('beach_images.id')
            .limit(1)
            .as('image'),
        )
        .where('id', 'in', ids)
        .execute();
    },

    /** Localities inside `box` (null: everywhere). */
    localitiesInBox(box: Box | null) {
      return localitiesIn(box).execute();
    },

    /** Localities that have beaches, inside `box` (null: everywhere). */
    localitiesWithBeachesInBox(box: Box | null) {
      return localitiesIn(box).where('beaches_count', '>', 0).execute();
    },

    localitiesByPostcodes(postcodes: string[]) {
      if (postcodes.length === 0) return Promise.resolve([]);
      return localitiesIn(null).where('postcode', 'in', postcodes).execute();
    },

    /** Nearest searches over these box queries (the in-memory repository answers from its index). */
    nearby(): Promise<Nearby> {
      return Promise.resolve(sqlNearby);
    },

    localityBySlug(state: string, slug: string) {
      return localitiesIn(null).where('state', '=', state).where('slug', '=', slug).executeTakeFirst();
    },

    /** Localities whose council area has this slug (known once a beach there names its council). */
    localitiesInArea(state: string, areaSlug: string) {
      return localitiesIn(null).where('state', '=', state).where('area_slug', '=', areaSlug).execute();
    },

    /** The council / area name beaches of this area carry. */
    async areaName(state: string, areaSlug: string): Promise<string | null> {
      const row = await db
        .selectFrom('beaches')
        .select('area')
        .where('state', '=', state)
        .where('area_slug', '=', areaSlug)
        .limit(1)
        .executeTakeFirst();
      return row?.area ?? null;
    },

    /** Announcements shown at `now` everywhere or in `state`, in display order. */
    activeAnnouncements(state: string | null, now: string) {
      return db
        .selectFrom('announcements')
        .select(['id', 'title', 'description', 'button_label', 'button_url'])
        .where((eb) =>
          state ? eb.or([eb('state', 'is', null), eb('state', '=', state)]) : eb('state', 'is', null),
        )
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /**
     * Every announcement with what `activeAnnouncements` filters on, in its display order: the
     * in-memory repository keeps these per data version and filters them itself.
     */
    allAnnouncements() {
      return db
        .selectFrom('announcements')
        .select(['id', 'title', 'description', 'button_label', 'button_url', 'state', 'starts_at', 'ends_at'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /**
     * The postcode of the range holding `hex` (32 hex digits). Ranges never overlap (the importer
     * refuses overlaps), so the range with the greatest start at or below the address is the only
     * candidate.
     */
    async postcodeForIp(hex: string): Promise<string | null> {
      const row = await db
        .selectFrom('ip_ranges')
        .select(['range_end', 'postcode'])
        .where('range_start', '<=', hex)
        .orderBy('range_start', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && row.range_end >= hex ? row.postcode : null;
    },
  };
  const sqlNearby: Nearby = {
    beaches: rankFetched(repository.beachPointsInBox),
    patrolledBeaches: rankFetched(async (box) =>
      (await repository.beachPointsInBox(box)).filter((point) => (point.patrol ?? 0) >= 1),
    ),
    localities: rankFetched(repository.localitiesInBox),
    localitiesWithBeaches: rankFetched(repository.localitiesWithBeachesInBox),
    localitiesByPostcodes: repository.localitiesByPostcodes,
  };
  return repository;
}

export type LocationRepository = ReturnType<typeof createLocationRepository>;
export type BeachPoint = Awaited<ReturnType<LocationRepository['beachPointsInBox']>>[number];
export type ListBeachRow = Awaited<ReturnType<LocationRepository['beachesByIds']>>[number];
export type AnnouncementRow = Awaited<ReturnType<LocationRepository['allAnnouncements']>>[number];
export type LocalityPlaceRow = Awaited<ReturnType<LocationRepository['localitiesByPostcodes']>>[number];
