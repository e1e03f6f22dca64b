import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The operator's mapping of Beachwatch water quality sites to beaches (issue 19), loaded by
 * `npm run admin -- import-water-quality-sites FILE`. One row per (site, beach); a row with
 * beach_key null says the site speaks for no beach ("none"). A site with rows here is never
 * matched automatically. Beach keys are the catalogue's stable keys (they survive re-imports).
 */
export function waterQuality(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('water_quality_site_mappings')
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('beach_key', 'text')
        .addColumn('imported_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('water_quality_site_mappings_site_idx')
        .on('water_quality_site_mappings')
        .columns(['site_id', 'beach_key'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('water_quality_site_mappings').execute();
    },
  };
}
