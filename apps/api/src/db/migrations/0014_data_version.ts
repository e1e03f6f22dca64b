import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The public data's version (issue 20): one row, one number, raised by every transaction that
 * changes what a public read returns (imports, the lifesaver console, algal writes, water quality
 * mappings, the sample refresh). Caches of finished responses are keyed by it; several API
 * processes on one database compare it to know their caches are current. Raising it updates the
 * single row, so it commits with the change it announces and never before.
 */
export function dataVersion(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('data_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addCheckConstraint('data_version_single_row', sql`id = 1`)
        .execute();
      await sql`insert into data_version (id, version, changed_at) values (1, 1, ${new Date(0).toISOString()})`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('data_version').ifExists().execute();
    },
  };
}
