import { degreesAround, type LatLng } from '@safeshore/domain';
import type { BeachRow, Database } from '../../db/schema.ts';

export interface UrlParts {
  state: string;
  areaSlug: string;
  citySlug: string;
  slug: string;
}

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
        .select(['id', 'url', 'caption', 'credit', 'licence'])
        .where('beach_id', '=', beachId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** Beaches inside a box of `radiusMetres` around a point (a cheap prefilter; callers sort by distance). */
    withinBox(point: LatLng, radiusMetres: number, excludeId: number): Promise<BeachRow[]> {
      const { dLat, dLng } = degreesAround(point, radiusMetres);
      return db
        .selectFrom('beaches')
        .selectAll()
        .where('latitude', '>=', point.latitude - dLat)
        .where('latitude', '<=', point.latitude + dLat)
        .where('longitude', '>=', point.longitude - dLng)
        .where('longitude', '<=', point.longitude + dLng)
        .where('id', '!=', excludeId)
        .execute();
    },

    inArea(state: string, areaSlug: string, excludeId: number): Promise<BeachRow[]> {
      return db
        .selectFrom('beaches')
        .selectAll()
        .where('state', '=', state)
        .where('area_slug', '=', areaSlug)
        .where('id', '!=', excludeId)
        .execute();
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
