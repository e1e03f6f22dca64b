import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/**
 * Algal bloom monitoring: the beaches in the programme, the daily metrics users with the algal role
 * record, beach posts (today's posts; point_id 1 is the photo of the day) and the stored photos.
 */
export function algal(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('algal_programme_beaches')
        .addColumn('beach_id', 'integer', (c) => c.primaryKey().references('beaches.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('algal_metrics')
        .addColumn('id', 'integer', id)
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('water_discolour', 'integer', (c) => c.notNull())
        .addColumn('beach_foam', 'integer', (c) => c.notNull())
        .addColumn('clean_rating', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('algal_metrics_beach_idx')
        .on('algal_metrics')
        .columns(['beach_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('beach_posts')
        .addColumn('id', 'integer', id)
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('point_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('local_timestamp', 'text', (c) => c.notNull())
        .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('beach_posts_beach_idx')
        .on('beach_posts')
        .columns(['beach_id', 'point_id', 'local_timestamp'])
        .execute();
      await db.schema
        .createTable('photos')
        .addColumn('id', 'integer', id)
        .addColumn('post_id', 'integer', (c) => c.notNull().references('beach_posts.id').onDelete('cascade'))
        .addColumn('large_key', 'text', (c) => c.notNull())
        .addColumn('thumbnail_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('photos_post_idx').on('photos').column('post_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('photos').ifExists().execute();
      await db.schema.dropTable('beach_posts').ifExists().execute();
      await db.schema.dropTable('algal_metrics').ifExists().execute();
      await db.schema.dropTable('algal_programme_beaches').ifExists().execute();
    },
  };
}
