import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Operators' imports (issue 17): a beach's type (beside its hazard rating), who wrote its facility
 * list (an operator's import is never overwritten by OpenStreetMap), and the imported photos'
 * responsive sizes and identity (file name and content hash, so a re-run changes nothing).
 */
export function operatorImports(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('beaches').addColumn('beach_type', 'text').execute();
      // 'import' (an operator's file) or 'osm'; null: nobody has written the list.
      await db.schema.alterTable('beaches').addColumn('facilities_source', 'text').execute();
      // The file name in the operator's manifest; null for photos that did not come from one.
      await db.schema.alterTable('beach_images').addColumn('file_name', 'text').execute();
      // SHA-256 (hex) of the original file.
      await db.schema.alterTable('beach_images').addColumn('content_hash', 'text').execute();
      // JSON [{width, key, url}], smallest first; the largest is `url`.
      await db.schema
        .alterTable('beach_images')
        .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('beach_images').addColumn('licence_url', 'text').execute();
      await db.schema.alterTable('beach_images').addColumn('source', 'text').execute();
      await db.schema
        .createIndex('beach_images_file_idx')
        .on('beach_images')
        .columns(['beach_id', 'file_name'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('beach_images_file_idx').ifExists().execute();
      for (const column of ['file_name', 'content_hash', 'variants', 'licence_url', 'source'])
        await db.schema.alterTable('beach_images').dropColumn(column).execute();
      await db.schema.alterTable('beaches').dropColumn('beach_type').execute();
      await db.schema.alterTable('beaches').dropColumn('facilities_source').execute();
    },
  };
}
