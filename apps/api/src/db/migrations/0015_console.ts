import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/**
 * The lifesaver console (issue 17):
 * - `beaches` gains the live status's details beside its `status` (reason, message, when it was set,
 *   when it expires, by which role). A status past its expiry reads as no status.
 * - `beach_live_patrols`: "on duty until …" / "off duty" for one local day of a beach, which
 *   overrides the roster's is_patrolled_today on that day only.
 * - `user_role_scopes`: lifesaver per beach or club, operator per state or area (`scope_key` is the
 *   beach id, club id, state code, or "STATE/area-slug"; beach and club scopes also keep the id in
 *   a foreign key, so a removed beach or club takes its grants with it).
 * - `console_audit`: every change made through the console, who, what, when, from → to (kept when
 *   the beach or the account goes: it is history).
 * - `beach_posts.source`: 'console' marks today's conditions posts made in the console.
 * - `idempotency_keys`: the first answer to each (user, Idempotency-Key), replayed on a retry.
 */
export function consoleTables(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      for (const column of [
        'status_reason',
        'status_message',
        'status_set_at',
        'status_expires_at',
        'status_set_by',
      ]) {
        await db.schema.alterTable('beaches').addColumn(column, 'text').execute();
      }

      // 'console' for today's conditions posts from the console (they carry a photo, as the photo of
      // the day does, but are listed with the beach's other posts); null for every other post.
      await db.schema.alterTable('beach_posts').addColumn('source', 'text').execute();

      await db.schema
        .createTable('beach_live_patrols')
        .addColumn('beach_id', 'integer', (c) => c.primaryKey().references('beaches.id').onDelete('cascade'))
        .addColumn('local_date', 'text', (c) => c.notNull())
        .addColumn('flag', 'integer', (c) => c.notNull())
        .addColumn('start_time', 'text')
        .addColumn('end_time', 'text')
        .addColumn('set_at', 'text', (c) => c.notNull())
        .addColumn('set_by', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_role_scopes')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('scope_key', 'text', (c) => c.notNull())
        .addColumn('beach_id', 'integer', (c) => c.references('beaches.id').onDelete('cascade'))
        .addColumn('club_id', 'integer', (c) => c.references('clubs.id').onDelete('cascade'))
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('user_role_scopes_unique')
        .on('user_role_scopes')
        .columns(['user_id', 'role', 'scope', 'scope_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('user_role_scopes_scope_idx')
        .on('user_role_scopes')
        .columns(['scope', 'scope_key'])
        .execute();

      await db.schema
        .createTable('console_audit')
        .addColumn('id', 'integer', id)
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('actor_role', 'text')
        .addColumn('beach_id', 'integer')
        .addColumn('beach_name', 'text')
        // Where the change happened, so operators read only the entries of their scope.
        .addColumn('state', 'text')
        .addColumn('area_key', 'text')
        .addColumn('club_id', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('from_json', 'text')
        .addColumn('to_json', 'text')
        .execute();
      await db.schema
        .createIndex('console_audit_beach_idx')
        .on('console_audit')
        .columns(['beach_id', 'id'])
        .execute();
      await db.schema
        .createIndex('console_audit_state_idx')
        .on('console_audit')
        .columns(['state', 'id'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer', (c) => c.notNull())
        .addColumn('response_body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_idx')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').ifExists().execute();
      await db.schema.dropTable('console_audit').ifExists().execute();
      await db.schema.dropTable('user_role_scopes').ifExists().execute();
      await db.schema.dropTable('beach_live_patrols').ifExists().execute();
      await db.schema.alterTable('beach_posts').dropColumn('source').execute();
      for (const column of [
        'status_set_by',
        'status_expires_at',
        'status_set_at',
        'status_message',
        'status_reason',
      ]) {
        await db.schema.alterTable('beaches').dropColumn(column).execute();
      }
    },
  };
}
