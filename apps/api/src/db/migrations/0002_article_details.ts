import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/** Articles gain a summary, their sources and the first-aid guidelines they follow, and media items. */
export function articleDetails(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('articles')
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('articles')
        .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('articles')
        .addColumn('first_aid', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createTable('article_media')
        .addColumn('id', 'integer', id)
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('title', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('article_media_key_unique', ['article_id', 'key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('article_media').execute();
      for (const column of ['first_aid', 'sources', 'summary']) {
        await db.schema.alterTable('articles').dropColumn(column).execute();
      }
    },
  };
}
