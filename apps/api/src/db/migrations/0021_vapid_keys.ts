import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The server's Web Push (VAPID) key pair (issue 33): one row, made on first start when no
 * VAPID_* variables are set, so every process on one database signs with the same pair and
 * browsers' subscriptions survive restarts. Variables that set another pair replace it here.
 */
export function vapidKeys(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vapid_keys')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        // 'generated' (made by the server) | 'environment' (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY)
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('vapid_keys_single_row', sql`id = 1`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('vapid_keys').ifExists().execute();
    },
  };
}
