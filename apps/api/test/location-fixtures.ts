import { normalizeSearchText, slugify, timezoneFor } from '@safeshore/domain';
import type { Database } from '../src/db/schema.ts';
import { TEST_NOW } from './clock.ts';

/** Hand-made places and beaches for the location and map tests (an empty database, no GeoNames). */

export interface FixtureLocality {
  id: number;
  title: string;
  slug: string;
  postcode: string;
  state: string;
  area_slug: string | null;
  latitude: number;
  longitude: number;
}

let keySeq = 0;

export async function addLocality(
  db: Database,
  place: {
    title: string;
    postcode: string;
    latitude: number;
    longitude: number;
    state?: string;
    slug?: string;
    areaSlug?: string | null;
  },
): Promise<FixtureLocality> {
  const state = place.state ?? 'NSW';
  const row = {
    postcode: place.postcode,
    title: place.title,
    slug: place.slug ?? slugify(place.title),
    state,
    area_slug: place.areaSlug ?? null,
    latitude: place.latitude,
    longitude: place.longitude,
    accuracy: 4,
    district: null,
    timezone: timezoneFor(state, place),
    search_name: normalizeSearchText(place.title),
  };
  const { id } = await db.insertInto('localities').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, ...row };
}

export interface FixtureBeach {
  id: number;
  title: string;
  latitude: number;
  longitude: number;
  patrol: number | null;
}

/** A beach in `locality` (whose beaches_count is kept right), with the given position and patrol. */
export async function addBeach(
  db: Database,
  locality: FixtureLocality,
  beach: {
    title: string;
    latitude: number;
    longitude: number;
    patrol?: number | null;
    area?: string;
    isSample?: boolean;
  },
): Promise<FixtureBeach> {
  const now = new Date(TEST_NOW).toISOString();
  const area = beach.area ?? `${locality.title} Council`;
  const key = `fixture-${++keySeq}`;
  const { id } = await db
    .insertInto('beaches')
    .values({
      key,
      slug: `${slugify(beach.title)}-${keySeq}`,
      title: beach.title,
      search_name: normalizeSearchText(beach.title),
      state: locality.state,
      area,
      area_slug: locality.area_slug ?? slugify(area),
      city: locality.title,
      city_slug: locality.slug,
      postcode: locality.postcode,
      locality_id: locality.id,
      latitude: beach.latitude,
      longitude: beach.longitude,
      timezone: timezoneFor(locality.state, beach),
      patrol: beach.patrol ?? null,
      description: '{}',
      data_source: 'test fixture',
      is_sample: beach.isSample ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('localities')
    .set((eb) => ({ beaches_count: eb('beaches_count', '+', 1) }))
    .where('id', '=', locality.id)
    .execute();
  return {
    id,
    title: beach.title,
    latitude: beach.latitude,
    longitude: beach.longitude,
    patrol: beach.patrol ?? null,
  };
}
