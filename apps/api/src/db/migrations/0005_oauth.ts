import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The web sign-in flow with Apple: the `state` each redirect carries (single-use, stored hashed)
 * and the one-time codes the callback hands to /login/oauth for POST /auth/token (stored hashed,
 * two minutes, single-use), so the bearer token itself never appears in a URL.
 */
export function oauth(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oauth_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('oauth_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('oauth_codes_user_idx').on('oauth_codes').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('oauth_codes').ifExists().execute();
      await db.schema.dropTable('oauth_states').ifExists().execute();
    },
  };
}
