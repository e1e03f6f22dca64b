import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/**
 * Foundation schema: places, beaches, clubs, images, articles, the search term index, 404 reports.
 * Sized for the national data set (~12,000 beaches, ~17,000 localities). Search columns use
 * byte-wise ("C") collation on PostgreSQL so prefix range scans behave as on SQLite.
 */
export function foundation(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  const searchText = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('localities')
        .addColumn('id', 'integer', id)
        .addColumn('postcode', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('area_slug', 'text')
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('accuracy', 'integer')
        .addColumn('district', 'text')
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('search_name', searchText, (c) => c.notNull())
        .addColumn('beaches_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('localities_state_slug_unique', ['state', 'slug'])
        .execute();
      await db.schema.createIndex('localities_postcode_idx').on('localities').column('postcode').execute();
      await db.schema
        .createIndex('localities_search_name_idx')
        .on('localities')
        .column('search_name')
        .execute();
      await db.schema.createIndex('localities_latitude_idx').on('localities').column('latitude').execute();

      await db.schema
        .createTable('beaches')
        .addColumn('id', 'integer', id)
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('search_name', searchText, (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('area_slug', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('city_slug', 'text', (c) => c.notNull())
        .addColumn('postcode', 'text', (c) => c.notNull())
        .addColumn('locality_id', 'integer', (c) => c.references('localities.id').onDelete('set null'))
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('length_m', 'integer')
        .addColumn('hazard', 'double precision')
        .addColumn('patrol', 'integer')
        .addColumn('status', 'text')
        .addColumn('covid_status', 'text')
        .addColumn('description', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('facilities', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('has_bbq_picnic', 'integer')
        .addColumn('has_parking', 'integer')
        .addColumn('has_public_transport', 'integer')
        .addColumn('has_toilet', 'integer')
        .addColumn('has_dogs_allowed', 'integer')
        .addColumn('has_dogs_allowed_on_leash', 'integer')
        .addColumn('coordinate_source', 'text')
        .addColumn('coordinate_precision_m', 'integer')
        .addColumn('data_source', 'text', (c) => c.notNull())
        .addColumn('data_licence', 'text')
        .addColumn('source_id', 'text')
        .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('beaches_url_unique', ['state', 'area_slug', 'city_slug', 'slug'])
        .addCheckConstraint('beaches_hazard_range', sql`hazard is null or (hazard >= 0 and hazard <= 10)`)
        .execute();
      await db.schema.createIndex('beaches_latitude_idx').on('beaches').column('latitude').execute();
      await db.schema.createIndex('beaches_area_idx').on('beaches').columns(['state', 'area_slug']).execute();
      await db.schema.createIndex('beaches_search_name_idx').on('beaches').column('search_name').execute();
      await db.schema.createIndex('beaches_locality_idx').on('beaches').column('locality_id').execute();

      await db.schema
        .createTable('clubs')
        .addColumn('id', 'integer', id)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('search_name', searchText, (c) => c.notNull())
        .addUniqueConstraint('clubs_state_slug_unique', ['state', 'slug'])
        .execute();
      await db.schema.createIndex('clubs_search_name_idx').on('clubs').column('search_name').execute();

      await db.schema
        .createTable('beach_clubs')
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('club_id', 'integer', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('beach_clubs_pk', ['beach_id', 'club_id'])
        .execute();
      await db.schema.createIndex('beach_clubs_club_idx').on('beach_clubs').column('club_id').execute();

      await db.schema
        .createTable('beach_images')
        .addColumn('id', 'integer', id)
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('caption', 'text')
        .addColumn('credit', 'text')
        .addColumn('licence', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('beach_images_beach_idx').on('beach_images').column('beach_id').execute();

      await db.schema
        .createTable('articles')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('search_name', searchText, (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reviewed_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('search_terms')
        .addColumn('term', searchText, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('search_terms_pk', ['kind', 'term', 'ref_id'])
        .execute();
      await db.schema
        .createIndex('search_terms_ref_idx')
        .on('search_terms')
        .columns(['kind', 'ref_id'])
        .execute();

      await db.schema
        .createTable('not_found_reports')
        .addColumn('id', 'integer', id)
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('first_seen', 'text', (c) => c.notNull())
        .addColumn('last_seen', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'app_meta',
        'not_found_reports',
        'search_terms',
        'articles',
        'beach_images',
        'beach_clubs',
        'clubs',
        'beaches',
        'localities',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
