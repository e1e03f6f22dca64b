import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The offline database's change sequence (POST /api/v4/sync):
 *
 * - beaches.sync_seq: the number of the beach's last change. Every writer takes the next numbers
 *   from sync_state inside its own transaction (db/changes.ts). Updating that one row takes its
 *   lock until commit, so writers are serialised and the order of the numbers is the order of the
 *   commits on PostgreSQL too (a plain sequence hands out numbers in start order, so a reader
 *   could pass a number whose transaction commits later and never see it).
 * - sync_state: the single row (id 1) holding the last number handed out and floor_seq, the
 *   highest number of a pruned tombstone (a cursor below it must resync in full).
 * - beach_tombstones: one per deleted beach key, numbered like a change.
 *
 * Existing beaches get distinct numbers 1..n in id order.
 */
export function syncSequence(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('beaches')
        .addColumn('sync_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('beaches_sync_seq_idx').on('beaches').column('sync_seq').execute();
      await db.schema
        .createTable('sync_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('floor_seq', 'bigint', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('sync_state_single_row', sql`id = 1`)
        .execute();
      await db.schema
        .createTable('beach_tombstones')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('beach_id', 'integer', (c) => c.notNull())
        .addColumn('sync_seq', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('beach_tombstones_seq_idx')
        .on('beach_tombstones')
        .column('sync_seq')
        .execute();
      await db.schema
        .createIndex('beach_tombstones_deleted_idx')
        .on('beach_tombstones')
        .column('deleted_at')
        .execute();
      // UPDATE … FROM and window functions: PostgreSQL, and SQLite since 3.33.
      await sql`
        update beaches set sync_seq = ranked.n
        from (select id, row_number() over (order by id) as n from beaches) as ranked
        where beaches.id = ranked.id
      `.execute(db);
      await sql`
        insert into sync_state (id, last_seq, floor_seq)
        values (1, (select count(*) from beaches), 0)
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('beach_tombstones').ifExists().execute();
      await db.schema.dropTable('sync_state').ifExists().execute();
      await db.schema.dropIndex('beaches_sync_seq_idx').ifExists().execute();
      await db.schema.alterTable('beaches').dropColumn('sync_seq').execute();
    },
  };
}
