import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/**
 * Email verification and account hardening (issue 21):
 *
 * - users.email_verified_at: when the owner of the address confirmed it (a mailed link, or a
 *   password reset, which also proves the mailbox). Null: unverified. Existing accounts start
 *   unverified: nothing so far proved their addresses.
 * - email_verifications: the links we mail. `register` holds a registration that waits for its
 *   address to confirm it (no account exists before that); `verify` confirms an existing account's
 *   address; `change` is an email change that takes effect when the new address confirms it.
 *   Tokens are stored as SHA-256 only.
 * - devices.api_token_id: the session that registered a push token, so signing out removes it;
 *   a push token now belongs to one account at most (duplicates keep their newest row).
 * - Accounts that have both a password and a linked Apple or Facebook identity were joined by the
 *   old rule (same e-mail, never verified): whoever set that password may not own the address, so
 *   the password is removed and every session ends. The owner signs in with Apple or Facebook as
 *   before, or sets a password with a reset link, which only the mailbox receives.
 */
export function identity(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
      await db.schema
        .createTable('email_verifications')
        .addColumn('id', 'integer', id)
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('api_token_id', 'integer')
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('email_verifications_email_idx')
        .on('email_verifications')
        .column('email')
        .execute();
      await db.schema
        .createIndex('email_verifications_user_idx')
        .on('email_verifications')
        .column('user_id')
        .execute();

      await db.schema.alterTable('devices').addColumn('api_token_id', 'integer').execute();
      await sql`
        delete from devices
        where exists (select 1 from devices newer where newer.token = devices.token and newer.id > devices.id)
      `.execute(db);
      await db.schema.createIndex('devices_token_unique').on('devices').column('token').unique().execute();
      await db.schema.createIndex('devices_api_token_idx').on('devices').column('api_token_id').execute();

      const now = new Date().toISOString();
      const joined = sql`
        password_hash is not null
        and exists (select 1 from social_identities s where s.user_id = users.id)
      `;
      await sql`
        update api_tokens set revoked_at = ${now}
        where revoked_at is null
          and user_id in (select id from users where ${joined})
      `.execute(db);
      await sql`update users set password_hash = null, updated_at = ${now} where ${joined}`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('devices_api_token_idx').ifExists().execute();
      await db.schema.dropIndex('devices_token_unique').ifExists().execute();
      await db.schema.alterTable('devices').dropColumn('api_token_id').execute();
      await db.schema.dropTable('email_verifications').ifExists().execute();
      await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
    },
  };
}
