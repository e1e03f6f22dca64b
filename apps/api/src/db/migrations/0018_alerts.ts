import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/**
 * Alerts (issue 18): browsers' Web Push subscriptions, people's notification preferences (their
 * defaults and quiet hours, and per followed beach), the alert events, the outbox (one row per
 * event and person, unique, so nobody gets an event twice), the delivery attempts per device, and
 * what the event sources last saw (threshold crossings, water-quality forecasts).
 */
export function alerts(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The session that subscribed: signing it out removes the subscription.
        .addColumn('api_token_id', 'integer', (c) => c.references('api_tokens.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_success_at', 'text')
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user_idx')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('alert_settings')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('time_zone', 'text')
        .addColumn('quiet_start', 'text', (c) => c.notNull().defaultTo('21:00'))
        .addColumn('quiet_end', 'text', (c) => c.notNull().defaultTo('07:00'))
        .addColumn('quiet_enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('quiet_holds_all', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('warnings', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('water_quality', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('wind', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('uv', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('swell_m', 'real')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('alert_beach_preferences')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('warnings', 'integer', (c) => c.notNull())
        .addColumn('water_quality', 'integer', (c) => c.notNull())
        .addColumn('wind', 'integer', (c) => c.notNull())
        .addColumn('uv', 'integer', (c) => c.notNull())
        .addColumn('swell_m', 'real')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('alert_beach_preferences_pk', ['user_id', 'beach_id'])
        .execute();
      await db.schema
        .createTable('alert_events')
        .addColumn('id', 'integer', id)
        // What makes the event itself: a second detection of it (another process, the next poll) is a no-op.
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('beach_id', 'integer', (c) => c.references('beaches.id').onDelete('cascade'))
        .addColumn('state', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('alert_outbox')
        .addColumn('id', 'integer', id)
        .addColumn('event_id', 'integer', (c) =>
          c.notNull().references('alert_events.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addUniqueConstraint('alert_outbox_event_user_unique', ['event_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('alert_outbox_due_idx')
        .on('alert_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema.createIndex('alert_outbox_user_idx').on('alert_outbox').column('user_id').execute();
      await db.schema
        .createTable('alert_deliveries')
        .addColumn('id', 'integer', id)
        .addColumn('outbox_id', 'integer', (c) =>
          c.notNull().references('alert_outbox.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('error', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('alert_deliveries_outbox_idx')
        .on('alert_deliveries')
        .column('outbox_id')
        .execute();
      await db.schema
        .createTable('alert_source_state')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('follows_beach_idx')
        .on('follows')
        .column('beach_id')
        .ifNotExists()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'alert_source_state',
        'alert_deliveries',
        'alert_outbox',
        'alert_events',
        'alert_beach_preferences',
        'alert_settings',
        'push_subscriptions',
      ])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
