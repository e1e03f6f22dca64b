import { degreesAround, type LatLng } from '@safeshore/domain';
import type { BeachRow, Database } from '../../db/schema.ts';
import type { BeachSummaryRow } from './beaches.presenter.ts';

export interface UrlParts {
  state: string;
  areaSlug: string;
  citySlug: string;
  slug: string;
}

/**
 * What the nearby and same-area searches rank by, read from the indexes alone
 * (beaches_position_idx, beaches_area_position_idx); titles (the tie-break) come with the summaries.
 */
const POSITION_COLUMNS = ['id', 'latitude', 'longitude'] as const;
export type BeachPosition = Pick<BeachRow, (typeof POSITION_COLUMNS)[number]>;

/** The columns presentSummary reads. */
const SUMMARY_COLUMNS = [
  'id',
  'key',
  'title',
  'state',
  'area',
  'area_slug',
  'city',
  'city_slug',
  'slug',
  'postcode',
  'latitude',
  'longitude',
  'length_m',
  'hazard',
  'patrol',
] as const satisfies ReadonlyArray<keyof BeachSummaryRow>;

export function createBeachesRepository(db: Database) {
  return {
    findById(id: number): Promise<BeachRow | undefined> {
      return db.selectFrom('beaches').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByUrl(parts: UrlParts): Promise<BeachRow | undefined> {
      return db
        .selectFrom('beaches')
        .selectAll()
        .where('state', '=', parts.state)
        .where('area_slug', '=', parts.areaSlug)
        .where('city_slug', '=', parts.citySlug)
        .where('slug', '=', parts.slug)
        .executeTakeFirst();
    },

    clubsOf(beachId: number): Promise<Array<{ id: number; title: string }>> {
      return db
        .selectFrom('beach_clubs')
        .innerJoin('clubs', 'clubs.id', 'beach_clubs.club_id')
        .select(['clubs.id', 'clubs.title'])
        .where('beach_clubs.beach_id', '=', beachId)
        .orderBy('beach_clubs.sort')
        .execute();
    },

    sourcesOf(beachId: number) {
      return db
        .selectFrom('beach_sources')
        .select(['source', 'source_id', 'licence', 'attribution'])
        .where('beach_id', '=', beachId)
        .orderBy('id')
        .execute();
    },

    imagesOf(beachId: number) {
      return db
        .selectFrom('beach_images')
        .select(['id', 'url', 'caption', 'credit', 'licence', 'licence_url', 'variants'])
        .where('beach_id', '=', beachId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /**
     * Positions of the beaches inside a box of `radiusMetres` around a point: a cheap prefilter,
     * callers sort by distance and load the few they keep.
     */
    positionsWithinBox(point: LatLng, radiusMetres: number, excludeId: number): Promise<BeachPosition[]> {
      const { dLat, dLng } = degreesAround(point, radiusMetres);
      return db
        .selectFrom('beaches')
        .select(POSITION_COLUMNS)
        .where('latitude', '>=', point.latitude - dLat)
        .where('latitude', '<=', point.latitude + dLat)
        .where('longitude', '>=', point.longitude - dLng)
        .where('longitude', '<=', point.longitude + dLng)
        .where('id', '!=', excludeId)
        .execute();
    },

    /** Positions of the other beaches of a council area. */
    positionsInArea(state: string, areaSlug: string, excludeId: number): Promise<BeachPosition[]> {
      return db
        .selectFrom('beaches')
        .select(POSITION_COLUMNS)
        .where('state', '=', state)
        .where('area_slug', '=', areaSlug)
        .where('id', '!=', excludeId)
        .execute();
    },

    /** The summary columns of beaches by id (no descriptions or facilities), in no set order. */
    summariesByIds(ids: number[]): Promise<BeachSummaryRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('beaches').select(SUMMARY_COLUMNS).where('id', 'in', ids).execute();
    },

    localityUrlParts(localityId: number) {
      return db
        .selectFrom('localities')
        .select(['state', 'slug', 'area_slug'])
        .where('id', '=', localityId)
        .executeTakeFirst();
    },
  };
}

export type BeachesRepository = ReturnType<typeof createBeachesRepository>;
