import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/**
 * Provenance per beach: every source that contributed to it (the starter set, an operator import,
 * OpenStreetMap…) with its id there and licence; and two OpenStreetMap facts we keep as they are.
 */
export function beachSources(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('beach_sources')
        .addColumn('id', 'integer', id)
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text')
        .addColumn('licence', 'text')
        .addColumn('attribution', 'text')
        .addColumn('imported_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('beach_sources_source_unique', ['source', 'source_id'])
        .execute();
      await db.schema.createIndex('beach_sources_beach_idx').on('beach_sources').column('beach_id').execute();
      await db.schema.alterTable('beaches').addColumn('surface', 'text').execute();
      await db.schema.alterTable('beaches').addColumn('supervised', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('beach_sources').execute();
      await db.schema.alterTable('beaches').dropColumn('surface').execute();
      await db.schema.alterTable('beaches').dropColumn('supervised').execute();
    },
  };
}
