import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Indexes for the nearest-beach and nearest-place searches (location, map, beach detail):
 *
 * - beaches (latitude, longitude, patrol, id) covers the position scans (latitude range, then the
 *   longitude filter and the patrol split read from the index alone, no table row per beach). It
 *   replaces the latitude-only index, which is its prefix.
 * - localities (latitude, longitude) where beaches_count > 0: the places that have beaches, which
 *   the closest-postcodes search scans; a few thousand rows instead of every locality.
 * - beaches (state, area_slug, latitude, longitude, id): the same-area beaches of a beach detail
 *   ranked from the index alone. It replaces the (state, area_slug) index, which is its prefix.
 */
export function locationIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('beaches_position_idx')
        .on('beaches')
        .columns(['latitude', 'longitude', 'patrol', 'id'])
        .execute();
      await db.schema.dropIndex('beaches_latitude_idx').ifExists().execute();
      await db.schema
        .createIndex('beaches_area_position_idx')
        .on('beaches')
        .columns(['state', 'area_slug', 'latitude', 'longitude', 'id'])
        .execute();
      await db.schema.dropIndex('beaches_area_idx').ifExists().execute();
      await db.schema
        .createIndex('localities_with_beaches_idx')
        .on('localities')
        .columns(['latitude', 'longitude'])
        .where(sql.ref('beaches_count'), '>', 0)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('localities_with_beaches_idx').ifExists().execute();
      await db.schema.createIndex('beaches_area_idx').on('beaches').columns(['state', 'area_slug']).execute();
      await db.schema.dropIndex('beaches_area_position_idx').ifExists().execute();
      await db.schema.createIndex('beaches_latitude_idx').on('beaches').column('latitude').execute();
      await db.schema.dropIndex('beaches_position_idx').ifExists().execute();
    },
  };
}
